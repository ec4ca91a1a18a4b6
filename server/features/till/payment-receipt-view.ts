import { and, eq } from 'drizzle-orm';
import type { TillPaymentReceiptView } from '#common/contract/till-payment-returns';
import { toRoubles } from '#server/core/money';
import { readLineFigures } from '#server/core/receipt/receipt-rows';
import { paymentDrafts, paymentReceipts } from '#server/db/schema/payments';
import { notFound } from '#server/errors';
import type { TillCaller } from '#server/lib/callers';
import type { TillDeps } from './operation-rows';
import { paymentMoneyOf } from './payment-receipt-state';
import { paymentReturned } from './returned-figures';

/**
 * A receipt registered for a payment on the site (decision 069) as its point's till sees it: paid or not, the
 * paid lines with their bonuses, what came back of them (decision 084), so the till offers only the rest, and
 * how it was paid and what the shop's register prints of it (decision 086).
 * Another point's receipt is 404, as its return is.
 */
export async function showPaymentReceipt(
  deps: TillDeps,
  caller: TillCaller,
  receiptId: string,
): Promise<TillPaymentReceiptView> {
  const [receipt] = await deps.db
    .select()
    .from(paymentReceipts)
    .where(and(eq(paymentReceipts.id, receiptId), eq(paymentReceipts.retailPointId, caller.retailPointId)));
  if (!receipt) throw notFound('Чек не найден');
  const [draft] = await deps.db
    .select()
    .from(paymentDrafts)
    .where(and(eq(paymentDrafts.receiptId, receiptId), eq(paymentDrafts.state, 'completed')))
    .limit(1);
  const base = {
    receiptId,
    sum: toRoubles(receipt.sum),
    expiresAt: receipt.expiresAt.toISOString(),
    ...(await paymentMoneyOf(deps, draft)),
  };
  if (!draft) {
    const expired = receipt.expiresAt.getTime() <= deps.clock.now().getTime();
    return { ...base, state: expired ? 'EXPIRED' : 'AWAITING', paidBy: null, lines: null };
  }
  if (draft.payType === 'IN_RETAIL_POINT')
    return { ...base, state: 'PAID_AT_TILL', paidBy: null, lines: null };
  const [figures, returned] = await Promise.all([
    readLineFigures(deps.db, 'payment', [draft.id]),
    paymentReturned(deps.db, draft.id),
  ]);
  return {
    ...base,
    state: 'PAID',
    paidBy: draft.payType,
    lines: figures.get(draft.id) ?? null,
    ...(returned ? { returned } : {}),
  };
}
