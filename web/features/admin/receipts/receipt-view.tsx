import { useQuery } from '@tanstack/react-query';
import { formatKopecks } from '#common/lib/format';
import type { ReceiptLine } from '#common/contract/receipts';
import { ruAdminReceipts as t } from '#web/i18n/ru-admin-receipts';
import { adminApi, adminErrorText } from '../api';
import { isoToRuDateTime } from '../dates';
import { DataTable, type Column } from '../kit/data-table';
import { bonusesText, kindText, quantityText } from './receipt-format';

const lineColumns: Column<ReceiptLine>[] = [
  { header: t.lineColumns.no, cell: (l) => l.lineNo, align: 'end', width: '3rem' },
  {
    header: t.lineColumns.name,
    cell: (l) => (
      <>
        {l.name}
        {l.sku && <div className="admin-muted">{l.sku}</div>}
      </>
    ),
  },
  {
    header: t.lineColumns.category,
    cell: (l) => (
      <>
        {l.category ?? '—'}
        {l.legalGroup && <div className="admin-muted">{t.legal[l.legalGroup] ?? l.legalGroup}</div>}
      </>
    ),
  },
  { header: t.lineColumns.quantity, cell: (l) => quantityText(l.quantityMilli), align: 'end' },
  { header: t.lineColumns.sum, cell: (l) => formatKopecks(l.sum), align: 'end' },
  { header: t.lineColumns.discount, cell: (l) => formatKopecks(l.discount), align: 'end' },
  { header: t.lineColumns.maxSpend, cell: (l) => bonusesText(l.maxSpend), align: 'end' },
  { header: t.lineColumns.spent, cell: (l) => bonusesText(l.spent), align: 'end' },
  { header: t.lineColumns.earned, cell: (l) => bonusesText(l.earned), align: 'end' },
];

/** The column of what came back (decision 063), shown only for a receipt with returns. */
const returnedColumn: Column<ReceiptLine> = {
  header: t.lineColumns.returned,
  cell: (l) =>
    l.returnedMilli > 0
      ? t.returnedOf(
          quantityText(l.returnedMilli),
          bonusesText(l.earnTakenBack),
          bonusesText(l.spendGivenBack),
        )
      : '—',
};

/** One till receipt (decision 066): the operation's figures, then every line as it was stored. */
export function ReceiptView({ id, onClose }: { id: string; onClose: () => void }) {
  const receipt = useQuery({
    queryKey: ['admin', 'receipt', id],
    queryFn: () => adminApi().request('GET /api/operator/receipts/:id', { params: { id } }),
  });
  if (receipt.error) {
    return (
      <p className="admin-error" role="alert">
        {adminErrorText(receipt.error)}
      </p>
    );
  }
  if (!receipt.data) return <p role="status">…</p>;
  const { operation: op, lines, timeZone, coupon } = receipt.data;
  const columns = lines.some((l) => l.returnedMilli > 0) ? [...lineColumns, returnedColumn] : lineColumns;
  return (
    <section className="admin-card" aria-labelledby="receipt-heading">
      <h2 id="receipt-heading">{t.receiptHeading(op.receipt)}</h2>
      <dl className="admin-facts">
        <dt>{t.columns.at}</dt>
        <dd>{isoToRuDateTime(op.at, timeZone)}</dd>
        <dt>{t.columns.point}</dt>
        <dd>{op.pointTitle}</dd>
        <dt>{t.columns.kind}</dt>
        <dd>{kindText(op)}</dd>
        <dt>{t.columns.member}</dt>
        <dd>{op.phone}</dd>
        <dt>{t.columns.sum}</dt>
        <dd>{formatKopecks(op.sum)}</dd>
        <dt>{t.columns.spent}</dt>
        <dd>{bonusesText(op.spent)}</dd>
        <dt>{t.columns.earned}</dt>
        <dd>{bonusesText(op.earned)}</dd>
        {coupon && (
          <>
            <dt>{t.coupon}</dt>
            <dd>
              {t.couponOf(
                coupon.code,
                coupon.promo,
                formatKopecks(coupon.discount),
                bonusesText(coupon.bonuses),
              )}
            </dd>
          </>
        )}
      </dl>
      {lines.length === 0 ? (
        <p>{t.sumOnly}</p>
      ) : (
        <DataTable
          label={t.linesTable}
          caption
          columns={columns}
          rows={lines}
          rowKey={(l) => l.lineNo}
          empty={t.noLines}
        />
      )}
      <button type="button" className="admin-button admin-button-quiet" onClick={onClose}>
        {t.close}
      </button>
    </section>
  );
}
