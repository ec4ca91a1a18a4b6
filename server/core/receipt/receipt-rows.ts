import { and, asc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { PurchaseLine } from '#common/contract/cabinet';
import type { ReceiptLineFigures } from '#common/contract/receipt';
import type { Db } from '#server/db/client';
import { receiptLines } from '#server/db/schema/catalogue';
import { paymentDrafts } from '#server/db/schema/payments';
import { tillOperations } from '#server/db/schema/till';
import { AppError } from '#server/errors';
import { toRoubles } from '../money';
import type { ReceiptLine } from './lines';
import type { PlannedLine } from './plan';

/** Whose receipt: a till operation's, or a shop payment draft's. */
export type ReceiptSource = 'till' | 'payment';
type LineRow = typeof receiptLines.$inferSelect;

/**
 * Keeps the planned lines of an operation, in the transaction that writes the operation. The lines go as one
 * JSON parameter unpacked by `jsonb_to_recordset`: a 30-line receipt is one short statement with three
 * parameters rather than 450 (the till's hot path: decision 062 measured it).
 */
export async function writeReceiptLines(
  tx: Db,
  source: ReceiptSource,
  operationId: string,
  lines: readonly PlannedLine[],
) {
  if (lines.length === 0) return;
  const rows = JSON.stringify(
    lines.map((line) => ({
      line_no: line.lineNo,
      sku: line.sku,
      barcode: line.barcode,
      name: line.name,
      quantity_milli: line.quantityMilli,
      price: line.price,
      sum: line.sum,
      discount: line.discount,
      category_id: line.categoryId,
      legal_group: line.legalGroup,
      max_spend: line.maxSpend,
      spend: line.spend,
      earn: line.earn,
    })),
  );
  await tx.execute(sql`
    insert into receipt_lines (source, operation_id, line_no, sku, barcode, name, quantity_milli, price, sum,
      discount, category_id, legal_group, max_spend, spend, earn)
    select ${source}, ${operationId}::uuid, r.line_no, r.sku, r.barcode, r.name, r.quantity_milli, r.price,
      r.sum, r.discount, r.category_id, r.legal_group, r.max_spend, r.spend, r.earn
    from jsonb_to_recordset(${rows}::jsonb) as r(line_no integer, sku text, barcode text, name text,
      quantity_milli bigint, price bigint, sum bigint, discount bigint, category_id text, legal_group text,
      max_spend bigint, spend bigint, earn bigint)`);
}

/** A line as the API shows it (kopecks and thousandths in, roubles and units out). */
export const lineFigures = (line: {
  lineNo: number;
  sku: string | null;
  name: string;
  quantityMilli: number;
  sum: number;
  maxSpend: number;
  spend: number;
  earn: number;
  legalGroup: ReceiptLineFigures['legalGroup'];
}): ReceiptLineFigures => ({
  line: line.lineNo,
  sku: line.sku,
  name: line.name,
  quantity: line.quantityMilli / 1000,
  sum: toRoubles(line.sum),
  maxBonuses: toRoubles(line.maxSpend),
  bonuses: toRoubles(line.spend),
  net: toRoubles(line.sum - line.spend),
  earned: toRoubles(line.earn),
  legalGroup: line.legalGroup,
});

async function rowsOf(db: Db, source: ReceiptSource, ids: readonly string[]): Promise<LineRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(receiptLines)
    .where(and(eq(receiptLines.source, source), inArray(receiptLines.operationId, [...ids])))
    .orderBy(asc(receiptLines.operationId), asc(receiptLines.lineNo));
}

/** The stored lines' figures of each operation (one query); an operation sent without lines has none. */
export async function readLineFigures(
  db: Db,
  source: ReceiptSource,
  ids: readonly string[],
): Promise<Map<string, ReceiptLineFigures[]>> {
  const byOperation = new Map<string, ReceiptLineFigures[]>();
  for (const row of await rowsOf(db, source, ids)) {
    const list = byOperation.get(row.operationId) ?? [];
    list.push(lineFigures(row));
    byOperation.set(row.operationId, list);
  }
  return byOperation;
}

const lineKey = (
  line: Pick<LineRow, 'sku' | 'barcode' | 'name' | 'quantityMilli' | 'price' | 'sum' | 'discount'>,
) =>
  JSON.stringify([
    line.sku,
    line.barcode,
    line.name,
    line.quantityMilli,
    line.price,
    line.sum,
    line.discount,
  ]);

/**
 * A repeated idempotency key must carry the same receipt as its first call (a 409 otherwise, like another sum):
 * the stored lines against the sent ones, SKU as sent or as the catalogue resolved it.
 */
export async function checkSameReceipt(
  db: Db,
  source: ReceiptSource,
  operationId: string,
  lines: readonly ReceiptLine[] | null,
) {
  const stored = await rowsOf(db, source, [operationId]);
  const same =
    stored.length === (lines?.length ?? 0) && stored.every((row, i) => lineKey(row) === lineKey(lines![i]!));
  if (!same) {
    throw new AppError(
      'IDEMPOTENCY_KEY_REUSED',
      'Этот ключ идемпотентности уже использован для другой операции',
    );
  }
}

/**
 * The lines of the cabinet's history rows that were purchases with a receipt, by the history row's id: a till's
 * (through the till operation that wrote the row; index `till_operations_history`) and a shop payment's of a
 * till's receipt (through the draft that wrote it, decision 069; index `payment_drafts_history`). One query over
 * the page's rows.
 */
export async function purchaseLines(
  db: Db,
  historyIds: readonly string[],
): Promise<Map<string, PurchaseLine[]>> {
  const byRow = new Map<string, PurchaseLine[]>();
  if (historyIds.length === 0) return byRow;
  const ids = [...historyIds];
  /** The lines of `source` through the rows of `owner` (its id, and the history row it wrote). */
  const linesVia = (
    source: ReceiptSource,
    owner: typeof tillOperations | typeof paymentDrafts,
    filter: SQL | undefined,
  ) =>
    db
      .select({
        historyId: sql<string>`${owner.operationId}`.as('history_id'),
        lineNo: receiptLines.lineNo,
        name: receiptLines.name,
        quantityMilli: receiptLines.quantityMilli,
        sum: receiptLines.sum,
        spend: receiptLines.spend,
        earn: receiptLines.earn,
      })
      .from(owner)
      .innerJoin(receiptLines, and(eq(receiptLines.source, source), eq(receiptLines.operationId, owner.id)))
      .where(and(filter, inArray(owner.operationId, ids)));
  const tillLines = linesVia('till', tillOperations, undefined);
  const paymentLines = linesVia('payment', paymentDrafts, isNotNull(paymentDrafts.receiptId));
  const rows = await unionAll(tillLines, paymentLines).orderBy(sql`history_id`, sql`line_no`);
  for (const row of rows) {
    const list = byRow.get(row.historyId) ?? [];
    list.push({
      name: row.name,
      quantity: row.quantityMilli / 1000,
      sum: toRoubles(row.sum),
      spent: toRoubles(row.spend),
      earned: toRoubles(row.earn),
    });
    byRow.set(row.historyId, list);
  }
  return byRow;
}
