import { useQuery } from '@tanstack/react-query';
import type { ConsentEvent } from '#common/contract/marketing-consent';
import { MARKETING_CHANNELS, type MarketingChannel } from '#common/lib/marketing-consent';
import { ruAdminMemberConsent as t } from '#web/i18n/ru-admin-members';
import { adminApi } from '../api';
import { useBrandDates } from '../dates';
import { ActionStatus } from '../kit/action-status';
import { Can } from '../kit/can';
import { DataTable, type Column } from '../kit/data-table';
import { useAction } from '../kit/use-action';

/**
 * The member's consent to advertising per channel and its history (when, how, which text version), and, for
 * members.write, a withdrawal recorded at the member's request, confirmed first (decision 072).
 */
export function MemberConsent({ userId }: { userId: string }) {
  const queryKey = ['admin', 'member', userId, 'marketing-consent'];
  const consent = useQuery({
    queryKey,
    queryFn: () =>
      adminApi().request('GET /api/admin/members/:userId/marketing-consent', { params: { userId } }),
  });
  const dates = useBrandDates();
  const withdraw = useAction<MarketingChannel>({
    run: (channel) =>
      adminApi().request('POST /api/admin/members/:userId/marketing-consent/withdraw', {
        params: { userId },
        body: { channels: [channel] },
      }),
    done: () => t.withdrawn,
    invalidate: [queryKey],
  });
  const columns: Column<ConsentEvent>[] = [
    { header: t.columns.at, cell: (e) => dates.dateTime(e.at) },
    { header: t.columns.channel, cell: (e) => t.channels[e.channel] },
    { header: t.columns.change, cell: (e) => (e.granted ? t.granted : t.revoked) },
    { header: t.columns.source, cell: (e) => t.sources[e.source] },
    { header: t.columns.version, cell: (e) => <span title={e.textHash}>{e.textVersion}</span> },
  ];
  const channels = consent.data?.channels;
  return (
    <section aria-labelledby="member-consent" data-testid="member-consent">
      <h3 id="member-consent">{t.title}</h3>
      <p className="admin-muted">{t.lead}</p>
      {channels && (
        <ul className="admin-cards" aria-label={t.title}>
          {MARKETING_CHANNELS.map((channel) => (
            <li key={channel}>
              {t.channels[channel]}: <strong>{channels[channel] ? t.given : t.notGiven}</strong>
              {channels[channel] && (
                <Can permission="members.write">
                  <button type="button" className="admin-link" onClick={() => withdraw.ask(channel)}>
                    {t.withdraw(t.channels[channel])}
                  </button>
                </Can>
              )}
            </li>
          ))}
        </ul>
      )}
      {withdraw.asking && (
        <div role="alertdialog" aria-label={t.confirmYes}>
          <p>{t.confirm(t.channels[withdraw.asking])}</p>
          <button type="button" className="admin-button" onClick={() => withdraw.run(withdraw.asking!)}>
            {t.confirmYes}
          </button>{' '}
          <button type="button" className="admin-button admin-button-quiet" onClick={withdraw.cancel}>
            {t.cancel}
          </button>
        </div>
      )}
      <ActionStatus action={withdraw} />
      <h4>{t.history}</h4>
      <DataTable
        label={t.history}
        columns={columns}
        rows={consent.data?.history}
        rowKey={(e) => `${e.at}-${e.channel}-${e.source}-${String(e.granted)}`}
        empty={t.noHistory}
        error={consent.isError}
        loading={consent.isPending}
      />
    </section>
  );
}
