import { useState, type FormEvent } from 'react';
import type { MessageCampaign } from '#common/contract/messages';
import { ruAdminMessages as t } from '#web/i18n/ru-admin-messages';
import { adminApi } from '../api';
import { RU_DATE_TIME_FIELD, ruDateTimeToIso, useBrandDates } from '../dates';
import { ActionStatus } from '../kit/action-status';
import { useCan } from '../kit/can';
import { Field } from '../kit/field';
import { useAction } from '../kit/use-action';
import { CAMPAIGNS } from './campaign-form';
import { ResultsTable, resultsKey } from './results-table';

/** A campaign opened: its text for a sample member, a test send to oneself, the start or stop, its results. */
export function CampaignPanel({ campaign }: { campaign: MessageCampaign }) {
  const canSend = useCan('messages.send');
  const { dateTime } = useBrandDates();
  const [preview, setPreview] = useState<{
    text: string;
    subject: string;
    sample: string;
    smsParts: number;
  } | null>(null);
  const params = { campaignId: campaign.id };
  const show = useAction({
    run: async () =>
      setPreview(
        await adminApi().request('POST /api/operator/messages/:campaignId/preview', { params, body: {} }),
      ),
  });
  return (
    <section className="message-panel">
      <h2 id="message-open">{campaign.name}</h2>
      <p className="admin-muted">
        {t.channels[campaign.channel]} · {t.statuses[campaign.status]}
        {campaign.stopReason && ` (${t.stopReasons[campaign.stopReason] ?? campaign.stopReason})`}
        {campaign.scheduledAt && campaign.status === 'scheduled' && ` · ${dateTime(campaign.scheduledAt)}`}
      </p>
      {campaign.trigger && (
        <p data-testid="message-occasion">
          {t.occasion(campaign.trigger, campaign.lapsedDays ?? campaign.welcomeHours ?? campaign.daysBefore)}
        </p>
      )}
      <pre className="message-template">{campaign.template}</pre>
      <div className="admin-actions">
        <button type="button" className="admin-button admin-button-quiet" onClick={() => show.run()}>
          {t.preview}
        </button>
      </div>
      {preview && (
        <figure className="message-preview">
          <figcaption className="admin-muted">{t.previewFor(preview.sample, preview.smsParts)}</figcaption>
          {preview.subject && (
            <p>
              <strong>{preview.subject}</strong>
            </p>
          )}
          <p data-testid="message-preview">{preview.text}</p>
        </figure>
      )}
      <ActionStatus action={show} />
      {canSend && <SendControls campaign={campaign} />}
      <ResultsTable campaignId={campaign.id} />
    </section>
  );
}

/** What `messages.send` may do with the campaign: a test send to oneself, send now or at a time, stop. */
function SendControls({ campaign }: { campaign: MessageCampaign }) {
  const { timeZone } = useBrandDates();
  const params = { campaignId: campaign.id };
  const invalidate = [CAMPAIGNS, resultsKey(campaign.id)];
  const test = useAction<FormData, { sentTo: string }>({
    run: (data) =>
      adminApi().request('POST /api/operator/messages/:campaignId/test', {
        params,
        body: campaign.channel === 'sms' ? { phone: String(data.get('phone') ?? '') } : {},
      }),
    done: (result) => t.testSent(result.sentTo),
  });
  const start = useAction<string | undefined>({
    run: (at) =>
      adminApi().request('POST /api/operator/messages/:campaignId/start', { params, body: at ? { at } : {} }),
    invalidate,
  });
  const stop = useAction({
    run: () => adminApi().request('POST /api/operator/messages/:campaignId/stop', { params }),
    invalidate,
  });
  const [atText, setAtText] = useState('');
  const schedule = (event: FormEvent) => {
    event.preventDefault();
    start.run(ruDateTimeToIso(atText, timeZone) ?? atText);
  };
  const onTest = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    test.run(new FormData(event.currentTarget));
  };
  const startable = campaign.status === 'draft' || campaign.status === 'scheduled';
  const running = ['scheduled', 'sending', 'active'].includes(campaign.status);
  return (
    <>
      <form className="admin-inline-form" onSubmit={onTest} aria-label={t.testSend}>
        {campaign.channel === 'sms' && (
          <Field
            label={t.testPhone}
            name="phone"
            inputMode="numeric"
            pattern="7\d{10}"
            placeholder="79001234567"
            required
          />
        )}
        <button className="admin-button admin-button-quiet">{t.testSend}</button>
      </form>
      <ActionStatus action={test} />
      {startable && campaign.kind === 'campaign' && (
        <form className="admin-inline-form" onSubmit={schedule} aria-label={t.schedule}>
          <button type="button" className="admin-button" onClick={() => start.ask(undefined)}>
            {t.sendNow}
          </button>
          <Field
            label={t.sendAt}
            {...RU_DATE_TIME_FIELD}
            value={atText}
            onChange={(e) => setAtText(e.target.value)}
            required
          />
          <button className="admin-button admin-button-quiet">{t.schedule}</button>
        </form>
      )}
      {campaign.kind === 'trigger' && campaign.status === 'paused' && (
        <button type="button" className="admin-button" onClick={() => start.run(undefined)}>
          {t.turnOn}
        </button>
      )}
      {running && (
        <button type="button" className="admin-button admin-button-quiet" onClick={() => stop.run()}>
          {campaign.kind === 'trigger' ? t.turnOff : t.stop}
        </button>
      )}
      <ConfirmStart action={start} />
      <ActionStatus action={start} />
      <ActionStatus action={stop} />
    </>
  );
}

/** The one step that cannot be undone asks first. */
function ConfirmStart({ action }: { action: ReturnType<typeof useAction<string | undefined>> }) {
  if (action.asking === null) return null;
  return (
    <div className="admin-confirm" role="alertdialog" aria-label={t.startConfirm}>
      <p>{t.startConfirm}</p>
      <button type="button" className="admin-button" onClick={() => action.run(action.asking ?? undefined)}>
        {t.confirm}
      </button>{' '}
      <button type="button" className="admin-button admin-button-quiet" onClick={action.cancel}>
        {t.cancel}
      </button>
    </div>
  );
}
