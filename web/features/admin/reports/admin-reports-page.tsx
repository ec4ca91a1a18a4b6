import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { PaymentSplit, Report } from '../../../../common/contract/reports';
import { formatAmount, formatBonuses, formatKopecks } from '../../../../common/lib/format';
import { ruAdminReports as t } from '../../../i18n/ru-admin-reports';
import { useSearchParams } from '../../../lib/router/hooks';
import { adminApi, adminErrorText } from '../admin-api';
import { isoDayToRu, RU_DAY_FIELD, ruDayToIso, useBrandDates } from '../admin-dates';
import { BarChart } from './admin-report-chart';
import { Field, TableScroll } from '../field';
import reportsCss from './reports.css?url';

const ruDay = isoDayToRu;
/** yyyy-mm-dd minus `n` days. */
const daysBefore = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
const SPLIT_KEYS = ['bonuses', 'money', 'card', 'sbp', 'giftCards', 'till'] as const;
/** Bonuses are counted in hundredths like kopecks, and printed as bonuses, never as roubles (decision 047). */
const bonuses = (hundredths: number) => formatBonuses(hundredths / 100);
const splitPart = (p: PaymentSplit, k: (typeof SPLIT_KEYS)[number]) =>
  k === 'bonuses' ? bonuses(p[k]) : formatKopecks(p[k]);

interface Range {
  from: string;
  to: string;
  points: string;
}
const queryOf = (r: Range) => ({ from: r.from, to: r.to, ...(r.points ? { points: r.points } : {}) });

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

const splitCells = (p: PaymentSplit) => [
  <td key="count">{formatAmount(p.count)}</td>,
  <td key="total">{formatKopecks(p.total)}</td>,
  ...SPLIT_KEYS.map((k) => <td key={k}>{splitPart(p, k)}</td>),
];
const splitHeads = [t.count, t.total, ...SPLIT_KEYS.map((k) => t.split[k])].map((h) => (
  <th scope="col" key={h}>
    {h}
  </th>
));

function ReportView({ report }: { report: Report }) {
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
      {report.byPoint.length === 0 ? (
        <p>{t.noPayments}</p>
      ) : (
        <TableScroll label={t.byPoint}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t.point}</th>
                {splitHeads}
              </tr>
            </thead>
            <tbody>
              {report.byPoint.map((p) => (
                <tr key={p.retailPointId}>
                  <td>{p.title || `№ ${p.retailPointId}`}</td>
                  {splitCells(p)}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <h2>{t.byDay}</h2>
      <TableScroll label={t.byDay}>
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t.day}</th>
              <th scope="col">{t.newMembers}</th>
              <th scope="col">{t.activeMembers}</th>
              <th scope="col">{t.legendIssued}</th>
              <th scope="col">{t.legendSpent}</th>
              {splitHeads}
            </tr>
          </thead>
          <tbody>
            {report.days.map((d) => (
              <tr key={d.day}>
                <td>{ruDay(d.day)}</td>
                <td>{formatAmount(d.newMembers)}</td>
                <td>{formatAmount(d.activeMembers)}</td>
                <td>{bonuses(d.bonusesIssued)}</td>
                <td>{bonuses(d.bonusesSpent)}</td>
                {splitCells(d.payments)}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}

/**
 * `/admin/reports` (decision 031): the owner, the accountant and the viewer pick a range of days (the brand's
 * calendar) and, if they like, points; the figures, two charts and the tables follow, and the same report
 * downloads as CSV for Excel.
 */
export function ReportsPage() {
  // The period in the address (`?from=2026-11-22&to=2026-11-28`: a figure on the home links so, decision 054),
  // else the last 30 days of the brand's calendar.
  const [search] = useSearchParams();
  const today = ruDayToIso(useBrandDates().today())!;
  const asked = (name: string) => ruDayToIso(isoDayToRu(search.get(name) ?? ''));
  const [range, setRange] = useState<Range>(() => ({
    from: asked('from') ?? daysBefore(asked('to') ?? today, 29),
    to: asked('to') ?? today,
    points: '',
  }));
  // The form holds the days as typed (dd.mm.yyyy, whatever the browser's locale: decision 054).
  const [form, setForm] = useState<Range>(() => ({ ...range, from: ruDay(range.from), to: ruDay(range.to) }));
  const [error, setError] = useState('');
  const report = useQuery({
    queryKey: ['admin', 'report', range],
    queryFn: () => adminApi().request('GET /api/operator/reports', { query: queryOf(range) }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError('');
    const from = ruDayToIso(form.from);
    const to = ruDayToIso(form.to);
    if (!from || !to || from > to) return setError(t.badRange);
    setRange({ from, to, points: form.points.replace(/\s+/g, '') });
  };
  const download = async () => {
    setError('');
    try {
      const { csv, fileName } = await adminApi().request('GET /api/operator/reports/csv', {
        query: queryOf(range),
      });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      link.download = fileName;
      link.click();
      URL.revokeObjectURL(link.href);
    } catch (failure) {
      setError(adminErrorText(failure));
    }
  };

  return (
    <>
      {/* This screen's own stylesheet, beside the console's admin.css (React hoists it). */}
      <link rel="stylesheet" href={reportsCss} precedence="default" />
      <h1>{t.heading}</h1>
      <form className="admin-inline-form" onSubmit={submit}>
        <Field
          label={t.from}
          {...RU_DAY_FIELD}
          value={form.from}
          onChange={(e) => setForm({ ...form, from: e.target.value })}
        />
        <Field
          label={t.to}
          {...RU_DAY_FIELD}
          value={form.to}
          onChange={(e) => setForm({ ...form, to: e.target.value })}
        />
        <Field
          label={t.points}
          inputMode="numeric"
          value={form.points}
          onChange={(e) => setForm({ ...form, points: e.target.value })}
        />
        <button type="submit" className="admin-button">
          {t.show}
        </button>
        <button
          type="button"
          className="admin-button admin-button-quiet admin-report-download"
          onClick={() => void download()}
        >
          {t.download}
        </button>
      </form>
      {(error || report.error) && (
        <p className="admin-error" role="alert">
          {error || adminErrorText(report.error)}
        </p>
      )}
      {report.data ? <ReportView report={report.data} /> : !report.error && <p role="status">…</p>}
    </>
  );
}
