import type { PaymentSplit, Report, ReportDay } from '#common/contract/reports';
import { formatAmount, formatBonuses, formatKopecks } from '#common/lib/format';
import { ruAdminReports as t } from '#web/i18n/ru-admin-reports';
import { DataTable, type Column } from '../kit/data-table';
import { ReportBreakdowns } from './report-breakdowns';
import { BarChart } from './report-chart';
import { ReportFiscalView } from './report-fiscal';

/*
 * The report itself (decision 031): the figures, two charts, and the tables by point, by category (decision 068)
 * and by day, and the money against the fiscal receipts (decision 083).
 */

export const ruDay = (day: string) => day.split('-').reverse().join('.');
const SPLIT_KEYS = ['bonuses', 'money', 'card', 'sbp', 'giftCards', 'till'] as const;
/** Bonuses are counted in hundredths like kopecks, and printed as bonuses, never as roubles (decision 047). */
const bonuses = (hundredths: number) => formatBonuses(hundredths / 100);
const splitPart = (p: PaymentSplit, k: (typeof SPLIT_KEYS)[number]) =>
  k === 'bonuses' ? bonuses(p[k]) : formatKopecks(p[k]);

/** The report's figures as a list of term and value. */
function Figures({ title, items }: { title: string; items: [string, string][] }) {
  return (
    <section className="admin-figures" aria-label={title}>
      <h2>{title}</h2>
      <dl>
        {items.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The payment columns both tables end with: count, total and the split by how it was paid. */
const splitColumns = <Row,>(split: (row: Row) => PaymentSplit): Column<Row>[] => [
  { header: t.count, cell: (r) => formatAmount(split(r).count) },
  { header: t.total, cell: (r) => formatKopecks(split(r).total) },
  ...SPLIT_KEYS.map((k): Column<Row> => ({ header: t.split[k], cell: (r) => splitPart(split(r), k) })),
];

type PointRow = Report['byPoint'][number];
const POINT_COLUMNS: Column<PointRow>[] = [
  { header: t.point, cell: (p) => p.title || `№ ${p.retailPointId}` },
  ...splitColumns<PointRow>((p) => p),
];
const DAY_COLUMNS: Column<ReportDay>[] = [
  { header: t.day, cell: (d) => ruDay(d.day) },
  { header: t.newMembers, cell: (d) => formatAmount(d.newMembers) },
  { header: t.activeMembers, cell: (d) => formatAmount(d.activeMembers) },
  { header: t.legendIssued, cell: (d) => bonuses(d.bonusesIssued) },
  { header: t.legendSpent, cell: (d) => bonuses(d.bonusesSpent) },
  ...splitColumns<ReportDay>((d) => d.payments),
];

/** The report for one range of days. */
export function ReportView({ report }: { report: Report }) {
  const x = report.totals;
  const days = report.days.map((d) => d.day);
  return (
    <>
      <p>{t.period(ruDay(report.from), ruDay(report.to), report.timeZone)}</p>
      <p className="admin-muted">{t.wholeProgramme}</p>
      <div className="admin-figure-grid">
        <Figures
          title={t.members}
          items={[
            [t.newMembers, formatAmount(x.newMembers)],
            [t.activeMembers, formatAmount(x.activeMembers)],
          ]}
        />
        <Figures
          title={t.bonuses}
          items={[
            [t.opening, bonuses(x.bonuses.opening)],
            [t.issued, bonuses(x.bonuses.issued)],
            [t.adjusted, bonuses(x.bonuses.adjusted)],
            [t.spent, bonuses(x.bonuses.spent)],
            [t.expired, bonuses(x.bonuses.expired)],
            [t.forfeited, bonuses(x.bonuses.forfeited)],
            [t.outstanding, bonuses(x.bonuses.outstanding)],
          ]}
        />
        <Figures
          title={t.money}
          items={[
            [t.opening, formatKopecks(x.money.opening)],
            [t.credited, formatKopecks(x.money.credited)],
            [t.spent, formatKopecks(x.money.spent)],
            [t.forfeited, formatKopecks(x.money.forfeited)],
            [t.moneyOutstanding, formatKopecks(x.money.outstanding)],
          ]}
        />
        <Figures
          title={t.giftCards}
          items={[
            [t.opening, formatKopecks(x.giftCards.opening)],
            [t.sold, formatKopecks(x.giftCards.sold)],
            [t.redeemed, formatKopecks(x.giftCards.redeemed)],
            [t.addedToBalance, formatKopecks(x.giftCards.addedToBalance)],
            [t.giftOutstanding, formatKopecks(x.giftCards.outstanding)],
          ]}
        />
        <Figures
          title={t.payments}
          items={[
            [t.count, formatAmount(x.payments.count)],
            [t.total, formatKopecks(x.payments.total)],
            ...SPLIT_KEYS.map((k): [string, string] => [t.split[k], splitPart(x.payments, k)]),
          ]}
        />
      </div>
      <BarChart
        title={t.chartPayments}
        days={days}
        series={[
          { label: t.total, values: report.days.map((d) => d.payments.total), className: 'admin-bar-a' },
        ]}
        format={formatKopecks}
      />
      <BarChart
        title={t.chartBonuses}
        days={days}
        series={[
          {
            label: t.legendIssued,
            values: report.days.map((d) => d.bonusesIssued),
            className: 'admin-bar-a',
          },
          { label: t.legendSpent, values: report.days.map((d) => d.bonusesSpent), className: 'admin-bar-b' },
        ]}
        format={bonuses}
      />
      <h2>{t.byPoint}</h2>
      <DataTable
        label={t.byPoint}
        columns={POINT_COLUMNS}
        rows={report.byPoint}
        rowKey={(p) => p.retailPointId}
        empty={t.noPayments}
      />
      <ReportBreakdowns report={report} />
      {report.fiscal && <ReportFiscalView fiscal={report.fiscal} />}
      <h2>{t.byDay}</h2>
      <DataTable label={t.byDay} columns={DAY_COLUMNS} rows={report.days} rowKey={(d) => d.day} empty="" />
    </>
  );
}
