import { OPERATIONS_PAGE_SIZE } from '#common/contract/codes';
import { desc, eq, inArray } from 'drizzle-orm';
import { type OperationsPage } from '#common/contract/cabinet';
import type { Db } from '#server/db/client';
import { operations, operationTotals } from '#server/db/schema/cabinet';
import { toOperation } from '#server/core/operation-rows';
import { purchaseCoupons } from '#server/core/coupons/purchase-coupons';
import { purchaseLines } from '#server/core/receipt/receipt-rows';

const newestFirst = [desc(operations.occurredAt), desc(operations.id)];

/**
 * One page of the customer's history, newest first (ties by id, so pages never repeat or skip a row). Its cost
 * grows with the page, not with the history: the page's ids come from the index `operations_user_history`
 * alone (an index-only scan that skips the earlier pages' entries without reading their rows), then only those
 * rows are read; the total is the counter the database keeps (`operation_totals`), not a count of the history.
 * The contract numbers pages, so a deep page still walks the index entries before it (bench: npm run bench).
 */
export async function listOperations(db: Db, userId: string, page: number): Promise<OperationsPage> {
  const pageIds = db
    .select({ id: operations.id })
    .from(operations)
    .where(eq(operations.userId, userId))
    .orderBy(...newestFirst)
    .limit(OPERATIONS_PAGE_SIZE)
    .offset((page - 1) * OPERATIONS_PAGE_SIZE);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(operations)
      .where(inArray(operations.id, pageIds))
      .orderBy(...newestFirst),
    db
      .select({ total: operationTotals.total })
      .from(operationTotals)
      .where(eq(operationTotals.userId, userId)),
  ]);
  const ids = rows.map((row) => row.id);
  const [lines, coupons] = await Promise.all([purchaseLines(db, ids), purchaseCoupons(db, ids)]);
  return {
    operations: rows.map((row) => toOperation(row, lines.get(row.id), coupons.get(row.id))),
    page,
    pageSize: OPERATIONS_PAGE_SIZE,
    total: counted?.total ?? 0,
  };
}
