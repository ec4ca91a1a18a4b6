import { useQuery } from '@tanstack/react-query';
import { formatKopecks } from '#common/lib/format';
import type { MessageResults } from '#common/contract/messages';
import { ruAdminMessages as t } from '#web/i18n/ru-admin-messages';
import { adminApi } from '../api';
import { TableScroll } from '../kit/data-table';

type Group = MessageResults['campaignGroup'];
const percent = (share: number) =>
  `${(share * 100).toLocaleString('ru-RU', { maximumFractionDigits: 1 })}\u00a0%`;
const signed = (text: string, value: number) => (value > 0 ? `+${text}` : text);

const ROWS: [keyof Group, (g: Group) => string][] = [
  ['audience', (g) => String(g.audience)],
  ['sent', (g) => String(g.sent)],
  ['delivered', (g) => String(g.delivered)],
  ['skipped', (g) => String(g.skipped)],
  ['waiting', (g) => String(g.waiting)],
  ['clicked', (g) => String(g.clicked)],
  ['buyers', (g) => String(g.buyers)],
  ['purchases', (g) => String(g.purchases)],
  ['revenue', (g) => formatKopecks(g.revenue)],
  ['conversion', (g) => percent(g.conversion)],
  ['revenuePerMember', (g) => formatKopecks(g.revenuePerMember)],
];

export const resultsKey = (id: string) => ['admin', 'messages', id, 'results'] as const;

/** Each group's figures side by side and the lift: what the campaign brought against the control group. */
export function ResultsTable({ campaignId }: { campaignId: string }) {
  const results = useQuery({
    queryKey: resultsKey(campaignId),
    queryFn: () =>
      adminApi().request('GET /api/operator/messages/:campaignId/results', { params: { campaignId } }),
  });
  const r = results.data;
  if (!r) return null;
  const reasons = Object.entries(r.skippedReasons);
  return (
    <section>
      <h3 id="message-results">{t.results}</h3>
      <p className="admin-muted">{t.resultsLead(r.campaign.attributionDays)}</p>
      <TableScroll label={t.resultsTable}>
        <table className="admin-table" aria-label={t.resultsTable}>
          <thead>
            <tr>
              <th scope="col">{t.group}</th>
              <th scope="col">{t.campaignGroup}</th>
              <th scope="col">{t.controlGroup}</th>
            </tr>
          </thead>
          <tbody>
            {ROWS.map(([key, show]) => (
              <tr key={key}>
                <th scope="row">{t.rows[key]}</th>
                <td>{show(r.campaignGroup)}</td>
                <td>{show(r.controlGroup)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {r.conversionLift === null || r.revenueLift === null ? (
        <p className="admin-muted">{t.noControl}</p>
      ) : (
        <dl className="admin-facts">
          <dt>{t.conversionLift}</dt>
          <dd>{signed(`${r.conversionLift.toLocaleString('ru-RU')}\u00a0${t.points}`, r.conversionLift)}</dd>
          <dt>{t.revenueLift}</dt>
          <dd>{signed(formatKopecks(r.revenueLift), r.revenueLift)}</dd>
        </dl>
      )}
      {reasons.length > 0 && (
        <p className="admin-muted">
          {t.skippedBecause}:{' '}
          {reasons.map(([reason, n]) => `${t.reasons[reason] ?? reason} — ${n}`).join(', ')}
        </p>
      )}
    </section>
  );
}
