import { emitLevelChange } from '#server/core/events/level-changed';
import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { releaseDraftCoupons, useDraftCoupons } from '#server/core/coupons/draft-holds';
import { postRelease, postSettlement } from '#server/core/holds';
import { writeReceiptLines } from '#server/core/receipt/receipt-rows';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { operations } from '#server/db/schema/cabinet';
import { paymentDrafts } from '#server/db/schema/payments';
import { AppError } from '#server/errors';
import type { OrderStatus } from '#server/integrations/acquirer/acquirer';
import { emitEvent } from '#server/core/events/emit';
import { issueGiftCards } from '../gift-cards/issue';
import { loadDraft, loadOwnDraft, resultOf, type DraftRow, type PaymentsDeps } from './draft-rows';
import { completeWithOperation, type NewOperation } from './draft-statements';
import { queueDraftReceipt } from './fiscal-sale';

/**
 * `paid` (or, for a payment confirmed just now, `processing`: it passes `paid` in the same statement, with
 * `paid_at`) -> `completed` once: the hold is posted (bonus_held -> bonus_spent), the earn credited
 * (bonus_issued -> customer) in one ledger transaction `payment-complete:<id>`, and the operation recorded.
 * Answers the completed draft, or null when it was not in `from` (another call moved it).
 */
export async function completePaid(
  deps: PaymentsDeps,
  tx: Db,
  draftId: string,
  from: 'paid' | 'processing' = 'paid',
): Promise<DraftRow | null> {
  const now = deps.clock.now();
  // The conditional move comes first: it decides which of two concurrent calls completes the draft.
  const [done] = await tx
    .update(paymentDrafts)
    .set({
      state: 'completed',
      confirmationCode: newConfirmationCode(),
      ...(from === 'processing' ? { paidAt: now } : {}),
      resolvedAt: now,
      updatedAt: now,
    })
    .where(and(eq(paymentDrafts.id, draftId), eq(paymentDrafts.state, from)))
    .returning();
  if (!done) return null;
  const transactionId = await postCompletion(deps, tx, done);
  // The operation and the draft's link to it in one statement.
  const operation = tx.$with('operation', { id: operations.id }).as(
    tx
      .insert(operations)
      .values(operationOf(done, now, transactionId))
      .returning({ id: operations.id })
      .getSQL(),
  );
  const [linked] = await tx
    .with(operation)
    .update(paymentDrafts)
    .set({ operationId: sql`(select ${operation.id} from ${operation})` })
    .where(eq(paymentDrafts.id, done.id))
    .returning();
  if (linked) await emitPaymentPosted(deps, tx, linked, now);
  return linked ?? null;
}

/** `operation.posted` for a shop payment completed in `tx` (decision 073). */
async function emitPaymentPosted(deps: PaymentsDeps, tx: Db, done: DraftRow, now: Date) {
  await emitEvent(deps.db, tx, {
    type: 'operation.posted',
    memberId: done.userId,
    payload: {
      memberId: done.userId,
      operationId: done.operationId,
      draftId: done.id,
      kind: 'payment',
      sum: done.paySum,
      earn: done.earn,
      spend: done.spend + done.extraSpend,
      pointId: done.retailPointId,
      at: now.toISOString(),
    },
    at: now,
  });
  const delta = done.paySum - done.couponDiscount;
  await emitLevelChange(deps, tx, { memberId: done.userId, delta, reason: 'purchase', at: now });
}

/**
 * What `completePaid(..., 'processing')` does, for a draft the caller moved to `processing` in this same
 * transaction `tx` (processDraft, when nothing is left for the bank). The transaction holds the draft's row
 * lock, so no other call can complete it, and the move need not come first: the posting goes first, then one
 * statement moves the draft and writes and links its operation (one statement fewer: decision 037). The sums
 * the posting and the operation take are the moved row's, which completing does not change.
 */
export async function completeMovedHere(deps: PaymentsDeps, tx: Db, moved: DraftRow): Promise<DraftRow> {
  const now = deps.clock.now();
  const transactionId = await postCompletion(deps, tx, moved);
  const [done] = await completeWithOperation(tx, {
    ...operationOf(moved, now, transactionId),
    draftId: moved.id,
    confirmationCode: newConfirmationCode(),
    paidAt: now,
    resolvedAt: now,
    updatedAt: now,
  });
  // Cannot happen while the transaction holds the row; if it did, failing rolls the posting back.
  if (!done) throw new Error(`draft ${moved.id} left processing inside its own transaction`);
  await emitPaymentPosted(deps, tx, done, now);
  return done;
}

/** A completed payment's six-digit confirmation code. */
const newConfirmationCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * The completion's ledger side, in `tx`: a GIFT_CARD draft's cards issued, its fiscal receipt queued, then the
 * hold posted to spent and the earn credited in one transaction `payment-complete:<id>` (none when both are nothing). Answers its id.
 */
async function postCompletion(deps: PaymentsDeps, tx: Db, done: DraftRow): Promise<string | null> {
  if (done.productType === 'GIFT_CARD') await issueGiftCards(deps.db, tx, deps.clock, done.id);
  // A till's receipt paid here (decision 069): its lines as the customer was shown them, with the settlement.
  if (done.receiptPlan) await writeReceiptLines(tx, 'payment', done.id, done.receiptPlan);
  // Its promo code is used with the payment (decision 071).
  if (done.coupon) await useDraftCoupons(deps.db, tx, done.id, deps.clock.now());
  // Its fiscal receipt is queued with the settlement, never after it (decision 070's outbox).
  await queueDraftReceipt(deps, tx, done);
  return postSettlement(deps, tx, 'payment', done, done.earn);
}

/** The operation a completed payment records in the customer's history. */
function operationOf(done: DraftRow, now: Date, transactionId: string | null): NewOperation {
  const tillPayment = done.payType === 'IN_RETAIL_POINT' && done.leftToPay > 0;
  return {
    userId: done.userId,
    place: done.title,
    occurredAt: now,
    amountEarn: done.earn,
    earnRules: done.earn > 0 ? done.earnRules : [],
    amountSpend: done.spend,
    amountSpendExtra: done.extraSpend,
    // What the customer paid: the cheque less a promo code's discount (decision 071), as a till's operation.
    amount: done.paySum - done.couponDiscount,
    // Paid at the till: the till confirms it later; everything else is settled here.
    state: tillPayment ? 'NEW' : 'PROCESSED',
    type: 'PAYMENT',
    transactionId,
  };
}

/**
 * `processing` -> `failed` or `expired` once, and the hold goes back to the customer (ledger key
 * `payment-release:<id>`) in the same transaction.
 */
export async function releaseDraft(
  deps: PaymentsDeps,
  draftId: string,
  to: 'failed' | 'expired',
  error: { code: string; message: string },
): Promise<void> {
  await inTransaction(deps.db, async (tx) => {
    const now = deps.clock.now();
    const [moved] = await tx
      .update(paymentDrafts)
      .set({ state: to, errorCode: error.code, errorMessage: error.message, resolvedAt: now, updatedAt: now })
      .where(and(eq(paymentDrafts.id, draftId), eq(paymentDrafts.state, 'processing')))
      .returning();
    if (!moved) return;
    await postRelease(tx, 'payment', moved);
    // Its promo code goes back, for this customer's next attempt or anyone's (decision 071).
    if (moved.coupon) await releaseDraftCoupons(tx, moved.id, now);
  });
}

/** Completes a draft the gateway confirmed: the order must be this draft's, for exactly what was left to pay. */
export async function settle(deps: PaymentsDeps, row: DraftRow, status: OrderStatus): Promise<void> {
  if (status.state === 'paid') {
    if (status.orderNumber !== row.id || status.amount !== row.leftToPay || status.orderId !== row.orderId) {
      // The card was charged for something this draft is not: the money goes back before the holds do. A
      // refund the gateway refuses or does not answer leaves the draft processing; the next look tries again.
      const refunded = await deps.acquirer
        .refund(status.orderId, status.amount)
        .then((answer) => answer.state === 'refunded')
        .catch(() => false);
      if (!refunded) return;
      await releaseDraft(deps, row.id, 'failed', {
        code: 'ORDER_MISMATCH',
        message: 'Банк подтвердил другой платёж: деньги возвращены на карту',
      });
      return;
    }
    await inTransaction(deps.db, (tx) => completePaid(deps, tx, row.id, 'processing'));
    return;
  }
  if (status.state === 'pending') return;
  await releaseDraft(deps, row.id, 'failed', {
    code: status.errorCode ?? status.state.toUpperCase(),
    message: status.errorMessage ?? 'Платёж не прошёл',
  });
}

/**
 * Moves a draft as far as the gateway's answer allows: a paid order completes it, a declined one fails it,
 * a pending one leaves it. Never trusts the return URL: only `getOrderStatus`.
 */
export async function resolveDraft(deps: PaymentsDeps, row: DraftRow): Promise<DraftRow> {
  if (row.state === 'paid') {
    const done = await inTransaction(deps.db, (tx) => completePaid(deps, tx, row.id));
    return done ?? loadDraft(deps.db, row.id);
  }
  if (row.state === 'processing' && row.orderId) {
    let status: OrderStatus;
    try {
      status = await deps.acquirer.getOrderStatus(row.orderId);
    } catch {
      throw new AppError('BANK_UNAVAILABLE', 'Банк не ответил. Попробуйте ещё раз');
    }
    await settle(deps, row, status);
    return loadDraft(deps.db, row.id);
  }
  return row; // nothing to ask or move: the row just read is the answer
}

/** completeDraft (the finish step): asks the gateway and completes the draft once. */
export async function completeDraft(deps: PaymentsDeps, userId: string, draftId: string) {
  const row = await loadOwnDraft(deps.db, userId, draftId);
  return resultOf(deps, await resolveDraft(deps, row));
}
