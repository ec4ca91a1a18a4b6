import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { MessageCampaign } from '#common/contract/messages';
import { ruAdminMessages as t } from '#web/i18n/ru-admin-messages';
import { adminApi } from '../api';
import { ActionStatus } from '../kit/action-status';
import { useCan } from '../kit/can';
import { Field, LabelledField } from '../kit/field';
import { useAction } from '../kit/use-action';
import { KINDS, TriggerFields, triggerOf, type FormKind } from './trigger-fields';

export const CAMPAIGNS = ['admin', 'messages'] as const;

const numberOrNull = (value: FormDataEntryValue | null) =>
  String(value ?? '').trim() === '' ? null : Number(value);

/** The body of a new campaign or trigger, read from the form. */
function bodyOf(data: FormData) {
  return {
    ...triggerOf(data),
    name: String(data.get('name') ?? ''),
    channel: String(data.get('channel')) as MessageCampaign['channel'],
    segmentId: String(data.get('segmentId') ?? '') || null,
    subject: String(data.get('subject') ?? ''),
    template: String(data.get('template') ?? ''),
    couponPromoId: String(data.get('couponPromoId') ?? '') || null,
    controlPercent: Number(data.get('controlPercent') ?? 0),
    budgetMessages: numberOrNull(data.get('budgetMessages')),
    attributionDays: Number(data.get('attributionDays') ?? 7),
  };
}

function Choice({
  label,
  name,
  options,
  onChange,
}: {
  label: string;
  name: string;
  options: [string, string][];
  onChange?: (value: string) => void;
}) {
  return (
    <LabelledField label={label}>
      {(control) => (
        <select {...control} name={name} onChange={(e) => onChange?.(e.target.value)}>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
}

/**
 * A new campaign (channel, audience, template, coupon, control share, budget) or trigger (its occasion and
 * parameter instead of the audience: a trigger writes to every member with consent, decision 081).
 */
export function CampaignForm({ onCreated }: { onCreated: (id: string) => void }) {
  const [kind, setKind] = useState<FormKind>('campaign');
  const [channel, setChannel] = useState('sms');
  const canCoupons = useCan('campaigns.read');
  const promos = useQuery({
    queryKey: ['admin', 'promos'],
    queryFn: () => adminApi().request('GET /api/operator/promos'),
    enabled: canCoupons,
  });
  const personal = (promos.data ?? []).filter((p) => p.kind === 'PERSONAL');
  // The saved segments by name (decision 082: not counted, a picker needs no counts): one that evaluates now is a
  // campaign's audience; one that no longer does is not offered.
  const canSegments = useCan('segments.read');
  const saved = useQuery({
    queryKey: ['admin', 'segments', 'names'],
    queryFn: () => adminApi().request('GET /api/operator/segments/names'),
    enabled: canSegments,
  });
  const audiences = (saved.data ?? [])
    .filter((segment) => segment.problem === null)
    .map((segment): [string, string] => [segment.id, t.segmentOption(segment.name)]);
  const action = useAction<FormData, MessageCampaign>({
    run: (data) => adminApi().request('POST /api/operator/messages', { body: bodyOf(data) }),
    done: (created) => {
      onCreated(created.id);
      return t.created;
    },
    invalidate: [CAMPAIGNS],
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    action.run(new FormData(event.currentTarget));
  };
  return (
    <section>
      <h2 id="message-create">{t.create}</h2>
      <form className="admin-inline-form message-form" onSubmit={submit} aria-label={t.create}>
        <Choice
          label={t.kind}
          name="kind"
          options={KINDS.map((k): [string, string] => [k, t.kinds[k]!])}
          onChange={(value) => setKind(value as FormKind)}
        />
        <TriggerFields kind={kind} />
        <Field label={t.name} name="name" required maxLength={120} />
        <Choice label={t.channel} name="channel" options={Object.entries(t.channels)} onChange={setChannel} />
        {kind === 'campaign' ? (
          <Choice label={t.audience} name="segmentId" options={[['', t.allMembers], ...audiences]} />
        ) : (
          <p className="admin-muted message-note">{t.triggerAudience}</p>
        )}
        {channel === 'email' && <Field label={t.subject} name="subject" maxLength={200} required />}
        <LabelledField label={t.template} hint={t.templateHint}>
          {(control) => <textarea {...control} name="template" rows={4} maxLength={2000} required />}
        </LabelledField>
        <Choice
          label={t.coupon}
          name="couponPromoId"
          options={[['', t.noCoupon], ...personal.map((p): [string, string] => [p.id, p.title])]}
        />
        <Field
          label={t.control}
          hint={t.controlHint}
          name="controlPercent"
          type="number"
          min={0}
          max={50}
          defaultValue={10}
          required
        />
        {channel === 'sms' && (
          <Field label={t.budget} hint={t.budgetHint} name="budgetMessages" type="number" min={1} />
        )}
        <Field
          label={t.attribution}
          name="attributionDays"
          type="number"
          min={1}
          max={90}
          defaultValue={7}
          required
        />
        <button className="admin-button" disabled={action.pending}>
          {t.save}
        </button>
      </form>
      <ActionStatus action={action} />
    </section>
  );
}
