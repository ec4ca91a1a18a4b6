import { useQuery } from '@tanstack/react-query';
import type { DashboardPeriod } from '#common/contract/reports';
import { formatAmount, formatBonuses, formatCount, formatKopecks } from '#common/lib/format';
import { ruAdminReports } from '#web/i18n/ru-admin-reports';
import { Link } from '#web/lib/router/links';
import { adminApi, adminErrorText } from '../api';
import { isoDayToRu } from '../dates';
import reportsCss from './reports.css?url';

const t = ruAdminReports.dashboard;
/** Bonuses are counted in hundredths like kopecks, and printed as bonuses (decision 047). */
const bonuses = (hundredths: number) => formatBonuses(hundredths / 100);
const signedBonuses = (hundredths: number) => `${hundredths > 0 ? '+' : ''}${bonuses(hundredths)}`;

/** The report a figure comes from: the reports screen over the figure's days. */
export const reportHref = (period: Pick<DashboardPeriod, 'from' | 'to'>) =>
  `/admin/reports?from=${period.from}&to=${period.to}`;

/** One period's figures; each value opens the report over the same days. */
function Period({ title, period }: { title: string; period: DashboardPeriod }) {
  const href = reportHref(period);
  const items: [string, string, string?][] = [
    [t.newMembers, formatAmount(period.newMembers)],
    [t.issued, bonuses(period.bonusesIssued)],
    [t.spent, bonuses(period.bonusesSpent)],
    [
      t.liability,
      bonuses(period.liability),
      t.liabilityChange(signedBonuses(period.liability - period.liabilityOpening)),
    ],
    [
      t.payments,
      t.paymentsValue(
        formatCount(period.payments.count, t.paymentForms),
        formatKopecks(period.payments.total),
      ),
    ],
  ];
  return (
    <section className="admin-figures" aria-label={title}>
      <h2>
        {title}{' '}
        <span className="admin-muted">{t.period(isoDayToRu(period.from), isoDayToRu(period.to))}</span>
      </h2>
      <dl>
        {items.map(([term, value, note]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>
              <Link to={href} aria-label={t.link(term, value)}>
                {value}
              </Link>
              {note && <span className="admin-muted admin-figure-note">{note}</span>}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * The console's home figures (decision 054): today and the last 7 days in the brand's time zone, from one call
 * that sums the reports' own figures. Only for a role that reads the reports.
 */
export function AdminDashboard() {
  const dashboard = useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: () => adminApi().request('GET /api/operator/reports/dashboard'),
  });
  return (
    <>
      <link rel="stylesheet" href={reportsCss} precedence="default" />
      <h2>{t.heading}</h2>
      {dashboard.error && (
        <p className="admin-error" role="alert">
          {adminErrorText(dashboard.error)}
        </p>
      )}
      {dashboard.data ? (
        <>
          <div className="admin-figure-grid admin-dashboard">
            <Period title={t.today} period={dashboard.data.today} />
            <Period title={t.week} period={dashboard.data.week} />
          </div>
          <p className="admin-muted">{t.zone(dashboard.data.timeZone)}</p>
        </>
      ) : (
        !dashboard.error && <p role="status">…</p>
      )}
    </>
  );
}
