import { and, eq, lt, notExists } from 'drizzle-orm';
import type { AppDeps } from '#server/app-deps';
import { deleteBatch } from '#server/db/delete-batch';
import { paymentDrafts, paymentReceipts } from '#server/db/schema/payments';
import { startIntervalJob } from '#server/lib/interval-job';

/**
 * How long a till's receipt for a site payment stays past its 30 minutes (decision 069): a day, so a customer
 * opening an old QR still reads «Время оплаты этого чека истекло» rather than «Чек не найден» the same day.
 */
export const PAYMENT_RECEIPT_KEEP_MS = 86_400_000;
const BATCH = 1000;

/**
 * Deletes receipts a day past their time that no draft names, 1,000 a run (decision 071). A receipt a draft
 * names stays with it: the draft's record (and its foreign key); a paid one's lines are in `receipt_lines`
 * anyway. No draft can name a deleted receipt: a draft is refused a receipt past its time, and this one has
 * been past it for a day. A second instance deleting the same rows deletes nothing.
 */
export function purgeExpiredPaymentReceipts(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - PAYMENT_RECEIPT_KEEP_MS);
  const named = deps.db
    .select({ id: paymentDrafts.id })
    .from(paymentDrafts)
    .where(eq(paymentDrafts.receiptId, paymentReceipts.id));
  const dead = and(lt(paymentReceipts.expiresAt, cutoff), notExists(named));
  return deleteBatch(deps.db, paymentReceipts, paymentReceipts.id, dead, BATCH);
}

/** The purge every `intervalMs` in this process (the first worker of each instance, like the other jobs). */
export function startPaymentReceiptPurgeJob(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  options: { intervalMs: number; onError: (error: unknown) => void },
) {
  return startIntervalJob(() => purgeExpiredPaymentReceipts(deps), options);
}
