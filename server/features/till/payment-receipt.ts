import { eq } from 'drizzle-orm';
import type { ReceiptItem } from '#common/contract/receipt';
import { PAYMENT_RECEIPT_MINUTES, type TillPaymentReceipt } from '#common/contract/till-receipt';
import { fromRoubles, toRoubles } from '#server/core/money';
import { paymentReceipts } from '#server/db/schema/payments';
import { AppError } from '#server/errors';
import type { TillCaller } from '#server/lib/callers';
import { sameItems } from '#server/core/receipt/same-items';
import { loadPoint, type TillDeps } from './operation-rows';

type ReceiptRow = typeof paymentReceipts.$inferSelect;

export interface PaymentReceiptBody {
  idempotencyKey: string;
  sum: number;
  items: ReceiptItem[];
}

/**
 * The shop payment's QR address with the receipt (decision 069): the point and the sum as before, so an old
 * page still opens the payment, and `r`, the receipt whose lines the site reads from us.
 */
export function paymentUrlOf(
  config: TillDeps['config'],
  receipt: Pick<ReceiptRow, 'id' | 'retailPointId' | 'sum'>,
) {
  const url = new URL('/loyalty', config.publicUrl);
  url.searchParams.set('p', String(receipt.retailPointId));
  url.searchParams.set('s', String(toRoubles(receipt.sum)));
  url.searchParams.set('r', receipt.id);
  return url.toString();
}

const answerOf = (deps: TillDeps, row: ReceiptRow): TillPaymentReceipt => ({
  receiptId: row.id,
  sum: toRoubles(row.sum),
  expiresAt: row.expiresAt.toISOString(),
  paymentUrl: paymentUrlOf(deps.config, row),
});

/**
 * The till registers a receipt for a payment on the site: kept with its point and sum for
 * PAYMENT_RECEIPT_MINUTES. The same idempotency key from the same point answers the first receipt (with the
 * same body; another body is a 409), so a till that lost the answer gets the same QR.
 */
export async function registerPaymentReceipt(
  deps: TillDeps,
  caller: TillCaller,
  body: PaymentReceiptBody,
): Promise<TillPaymentReceipt> {
  const idempotencyKey = `${caller.retailPointId}:${body.idempotencyKey}`;
  const sum = fromRoubles(body.sum);
  await loadPoint(deps.db, caller.retailPointId);
  const now = deps.clock.now();
  const [inserted] = await deps.db
    .insert(paymentReceipts)
    .values({
      retailPointId: caller.retailPointId,
      idempotencyKey,
      sum,
      items: body.items,
      createdAt: now,
      expiresAt: new Date(now.getTime() + PAYMENT_RECEIPT_MINUTES * 60_000),
    })
    .onConflictDoNothing({ target: paymentReceipts.idempotencyKey })
    .returning();
  if (inserted) return answerOf(deps, inserted);
  const [earlier] = await deps.db
    .select()
    .from(paymentReceipts)
    .where(eq(paymentReceipts.idempotencyKey, idempotencyKey));
  if (!earlier) throw new Error('payment receipt vanished after a key conflict');
  if (earlier.sum !== sum || !sameItems(earlier.items, body.items)) {
    throw new AppError(
      'IDEMPOTENCY_KEY_REUSED',
      'Этот ключ идемпотентности уже использован для другого чека',
    );
  }
  return answerOf(deps, earlier);
}
