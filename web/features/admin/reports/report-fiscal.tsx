import type { FiscalRow, ReportFiscal } from '#common/contract/report-fiscal';
import { fiscalGapNote } from '#common/lib/fiscal-reconciliation';
import { formatKopecks } from '#common/lib/format';
import { ruAdminReports } from '#web/i18n/ru-admin-reports';
import { Link } from '#web/lib/router/links';
import { DataTable, type Column } from '../kit/data-table';
import { isoDayToRu } from '../dates';

/*
 * The report's fiscal reconciliation (decision 083): the period's card and SBP money by source against the fiscal
 * receipts by state, the difference that should read 0 and why it does not, then the days that had any.
 */

const t = ruAdminReports.fiscal;
const difference = (row: FiscalRow) =>
  row.difference === null ? t.notApplicable : formatKopecks(row.difference);

type Day = ReportFiscal['days'][number];
const DAY_COLUMNS: Column<Day>[] = [
  { header: ruAdminReports.day, cell: (d) => isoDayToRu(d.day) },
  { header: t.moneyTotal, cell: (d) => formatKopecks(d.money.total), align: 'end' },
  { header: t.issued, cell: (d) => formatKopecks(d.receipts.issued), align: 'end' },
  { header: t.pending, cell: (d) => formatKopecks(d.receipts.pending), align: 'end' },
  { header: t.failed, cell: (d) => formatKopecks(d.receipts.failed), align: 'end' },
  { header: t.difference, cell: (d) => difference(d), align: 'end' },
  { header: t.explanation, cell: (d) => fiscalGapNote(d.reasons) },
];

const active = (d: Day) =>
  d.money.total !== 0 || d.receipts.issued !== 0 || d.receipts.pending !== 0 || d.receipts.failed !== 0;

function Figures({ title, items }: { title: string; items: [string, string][] }) {
  return (
    <section className="admin-figures" aria-label={title}>
      <h3>{title}</h3>
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

export function ReportFiscalView({ fiscal }: { fiscal: ReportFiscal }) {
  const x = fiscal.total;
  // Marked only when money and receipts disagree; «не применяется» (the till mode) is no alarm.
  const gap = x.difference !== null && x.difference !== 0;
  return (
    <section aria-labelledby="report-fiscal" data-testid="report-fiscal">
      <h2 id="report-fiscal">{t.heading}</h2>
      <p className="admin-muted">
        {t.mode[fiscal.mode]} {t.note}
      </p>
      <div className="admin-figure-grid">
        <Figures
          title={t.money}
          items={[
            [t.shop, formatKopecks(x.money.shop)],
            [t.giftCards, formatKopecks(x.money.giftCards)],
            [t.tillCard, formatKopecks(x.money.tillCard)],
            [t.moneyTotal, formatKopecks(x.money.total)],
          ]}
        />
        <Figures
          title={t.receipts}
          items={[
            [t.issued, formatKopecks(x.receipts.issued)],
            [t.pending, formatKopecks(x.receipts.pending)],
            [t.failed, formatKopecks(x.receipts.failed)],
          ]}
        />
        <section
          className={`admin-figures${gap ? ' admin-fiscal-gap' : ''}`}
          aria-label={t.difference}
          data-testid="report-fiscal-difference"
        >
          <h3>{t.difference}</h3>
          <p className="admin-fiscal-difference">{difference(x)}</p>
          <p className="admin-muted">{x.reasons.length ? fiscalGapNote(x.reasons) : t.zero}</p>
          {x.reasons.some((r) => r === 'pending' || r === 'failed') && (
            <Link to="/admin/fiscal-receipts">{t.openReceipts}</Link>
          )}
        </section>
      </div>
      <h3>{t.byDay}</h3>
      <DataTable
        label={t.byDay}
        columns={DAY_COLUMNS}
        rows={fiscal.days.filter(active)}
        rowKey={(d) => d.day}
        empty={t.noDays}
      />
    </section>
  );
}
