import { and, count, desc, eq, sql, sum, type SQL } from 'drizzle-orm';
import type { FiscalReceiptRow } from '#common/contract/fiscal-receipts';
import { FISCAL_LIST_LIMIT } from '#common/contract/fiscal-receipts';
import type { FiscalStatus } from '#common/lib/fiscal-vocabulary';
import type { Db } from '#server/db/client';
import { fiscalReceipts } from '#server/db/schema/fiscal';
import { AppError } from '#server/errors';

type Row = typeof fiscalReceipts.$inferSelect;

/** A receipt as the operator's API shows it. */
export function receiptOf(row: Row): FiscalReceiptRow {
  return {
    id: row.id,
    externalId: row.externalId,
    kind: row.kind,
    sourceType: row.sourceType,
    sourceId: row.sourceId,
    status: row.status,
    total: row.total,
    attempts: row.attempts,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    doneAt: row.doneAt?.toISOString() ?? null,
    lastError: row.lastError,
    fiscal:
      row.status === 'done'
        ? {
            fnNumber: row.fnNumber ?? '',
            fiscalDocumentNumber: row.fiscalDocumentNumber ?? '',
            fiscalDocumentAttribute: row.fiscalDocumentAttribute ?? '',
            fiscalReceiptNumber: row.fiscalReceiptNumber ?? '',
            receiptAt: row.receiptAt ?? '',
            ofdReceiptUrl: row.ofdReceiptUrl,
          }
        : null,
  };
}

/** The receipts by status and by the brand's calendar days they were queued on, newest first. */
export async function listFiscalReceipts(
  db: Db,
  timeZone: string,
  query: { status?: FiscalStatus | undefined; from?: string | undefined; to?: string | undefined },
) {
  const day = sql`(${fiscalReceipts.createdAt} at time zone ${timeZone})::date`;
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(fiscalReceipts.status, query.status));
  if (query.from) conditions.push(sql`${day} >= ${query.from}::date`);
  if (query.to) conditions.push(sql`${day} <= ${query.to}::date`);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db
    .select()
    .from(fiscalReceipts)
    .where(where)
    .orderBy(desc(fiscalReceipts.createdAt), desc(fiscalReceipts.id))
    .limit(FISCAL_LIST_LIMIT);
  const [totals] = await db
    .select({ count: count(), total: sum(fiscalReceipts.total) })
    .from(fiscalReceipts)
    .where(where);
  return { receipts: rows.map(receiptOf), count: totals?.count ?? 0, total: Number(totals?.total ?? 0) };
}

/**
 * Makes a failed or stuck receipt due now with fresh attempts, in `tx`. One the provider itself failed (it holds
 * the document under its external id, and would answer the same failure) goes under a new external id: no
 * receipt was issued for the old one, so this cannot issue a second. An issued receipt is refused.
 */
export async function retryFiscalReceipt(
  tx: Db,
  id: string,
  now: Date,
): Promise<{ before: Row; after: Row }> {
  const [before] = await tx.select().from(fiscalReceipts).where(eq(fiscalReceipts.id, id)).for('update');
  if (!before) throw new AppError('NOT_FOUND', 'Такого чека нет');
  if (before.status === 'done') throw new AppError('FISCAL_RECEIPT_DONE', 'Чек уже пробит: повторять нечего');
  const reissue = before.status === 'failed' && before.providerUuid !== null;
  const [after] = await tx
    .update(fiscalReceipts)
    .set({
      status: before.status === 'failed' ? 'queued' : before.status,
      ...(reissue && {
        externalId: `${before.externalId.split('#')[0]}#${now.getTime()}`,
        providerUuid: null,
      }),
      attempts: 0,
      nextAttemptAt: now,
      claimedAt: null,
      updatedAt: now,
    })
    .where(eq(fiscalReceipts.id, id))
    .returning();
  return { before, after: after! };
}
