import { and, eq } from 'drizzle-orm';
import type { TillPaymentReturn } from '#common/contract/till-payment-returns';
import type { TillReturnItem } from '#common/contract/till-returns';
import { toRoubles } from '#server/core/money';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { paymentCardRefunds, paymentReturnLines } from '#server/db/schema/payment-returns';
import { paymentDrafts, paymentReceipts } from '#server/db/schema/payments';
import { AppError, notFound } from '#server/errors';
import type { TillCaller } from '#server/lib/callers';
import { scopedKey, type TillDeps } from './operation-rows';
import {
  paymentCardRefundInFlight,
  paymentCardRefundOf,
  paymentPartStore,
  type PaymentCardRefundRow,
} from './payment-card-refunds';
import { queuePaymentReturnReceipt } from './payment-return-fiscal';
import {
  paymentReturnRows,
  planPaymentReturn,
  postPaymentReturn,
  type DraftRow,
  type PaymentReturnRow,
} from './payment-return-plan';
import {
  bankPartPath,
  registerPrintsBalance,
  recordReturnGatewayReceipt,
  returnGatewayReceipt,
  returnRegisterReceipt,
} from './payment-gateway';
import { otherBank, previousInFlight, refundPartOnce } from './refund-part';
import { recordReturn } from './return-history';
import { returnLineItems } from './return-items';
import { sameReturn } from './returns';

/**
 * A till's receipt paid on the site (decision 069) returned by lines at the till (decision 084). The bonuses move
 * as a till operation's return (decision 063); the money goes back the way it came: the money-like balance's part
 * in the return's posting, the bank's part to the card or SBP by a partial refund once (refund-part.ts). One
 * transaction, under a lock on the draft's row, writes the posting, the rows of `payment_return_lines`, the
 * `refunding` part and the history row, so parallel returns cannot over-return.
 */
export async function returnPaymentLines(
  deps: TillDeps,
  caller: TillCaller,
  receiptId: string,
  body: { items: TillReturnItem[]; idempotencyKey: string },
): Promise<TillPaymentReturn> {
  const draft = await loadPaidDraft(deps.db, caller, receiptId);
  const key = scopedKey(caller, body.idempotencyKey);
  const items = await returnLineItems(deps.db, draft.id, body.items, 'payment');
  const earlier = await paymentReturnRows(deps.db, draft.id, key);
  if (earlier.length > 0) {
    const rows = sameReturn(earlier, items);
    return answered(deps, draft, receiptId, body.idempotencyKey, rows, await toCard(deps, draft, key));
  }
  // The bank's part goes back by the order cart's positions where the bank issued the sale's receipt (decision
  // 086); what cannot be stated so is refused here, before anything moves.
  const cart = await bankPartPath(deps, draft);
  const rows = await inTransaction(deps.db, async (tx) => {
    const [locked] = await tx
      .select()
      .from(paymentDrafts)
      .where(eq(paymentDrafts.id, draft.id))
      .for('update');
    const again = await paymentReturnRows(tx, draft.id, key); // a parallel call with the same key won the lock
    if (again.length > 0) return sameReturn(again, items);
    if (await paymentCardRefundInFlight(tx, draft.id)) throw previousInFlight();
    const now = deps.clock.now();
    const planned = await planPaymentReturn(tx, locked!, key, items, now, cart);
    const transactionId = await postPaymentReturn(tx, locked!, key, planned);
    await tx.insert(paymentReturnLines).values(planned);
    const toBank = planned.reduce((s, r) => s + r.cardBack, 0);
    if (toBank > 0) {
      await tx
        .insert(paymentCardRefunds)
        .values({ draftId: draft.id, returnKey: key, amount: toBank, state: 'refunding', createdAt: now });
    } else if (!cart) {
      // No bank part: the money-like balance's went back in this transaction, and so goes its receipt (with the
      // bank's cart, the balance's part is the shop's register's to print: the answer says what).
      await queuePaymentReturnReceipt(deps, tx, locked!, key, planned);
    }
    const subject = {
      source: 'payment' as const,
      id: draft.id,
      userId: draft.userId,
      retailPointId: draft.retailPointId,
    };
    await recordReturn(deps, tx, subject, planned, transactionId, now);
    return planned;
  });
  return answered(deps, draft, receiptId, body.idempotencyKey, rows, await toCard(deps, draft, key));
}

/** The answer, with what the bank's receipt stated and the register prints where the bank had the cart. */
async function answered(
  deps: TillDeps,
  draft: DraftRow,
  receiptId: string,
  idempotencyKey: string,
  rows: PaymentReturnRow[],
  card: PaymentCardRefundRow | null,
): Promise<TillPaymentReturn> {
  const answer = answerOf(receiptId, idempotencyKey, rows, card);
  if (!(await registerPrintsBalance(deps, draft))) return answer;
  const register = await returnRegisterReceipt(deps.db, draft.id, rows);
  return { ...answer, fiscal: { mode: 'gateway', issuedBySite: answer.refundedToCard, register } };
}

/** The completed site payment of the caller's point that paid the receipt; a clear 4xx otherwise. */
async function loadPaidDraft(db: Db, caller: TillCaller, receiptId: string): Promise<DraftRow> {
  const [receipt] = await db
    .select({ id: paymentReceipts.id })
    .from(paymentReceipts)
    .where(and(eq(paymentReceipts.id, receiptId), eq(paymentReceipts.retailPointId, caller.retailPointId)));
  if (!receipt) throw notFound('Чек не найден');
  const [draft] = await db
    .select()
    .from(paymentDrafts)
    .where(and(eq(paymentDrafts.receiptId, receiptId), eq(paymentDrafts.state, 'completed')));
  if (!draft) {
    throw new AppError('OPERATION_STATE', 'Чек не оплачен на сайте: возвращать по нему нечего');
  }
  if (draft.payType === 'IN_RETAIL_POINT') {
    throw new AppError(
      'OPERATION_KIND',
      'Этот чек оплачен на кассе: верните товары возвратом операции кассы',
    );
  }
  return draft;
}

/**
 * A site payment's return part the bank has not confirmed, sent again by the job that finishes them
 * (unconfirmed-parts.ts) through the same rules as the till's retry; throws as that retry would.
 */
export async function finishPaymentPart(deps: TillDeps, draftId: string, key: string) {
  const [draft] = await deps.db.select().from(paymentDrafts).where(eq(paymentDrafts.id, draftId));
  return draft ? toCard(deps, draft, key) : null;
}

/** The bank's part of the return, sent once; a 503 until the gateway confirms it. */
async function toCard(deps: TillDeps, draft: DraftRow, key: string): Promise<PaymentCardRefundRow | null> {
  const refund = await paymentCardRefundOf(deps.db, draft.id, key);
  if (!refund || refund.state === 'refunded') return refund;
  if (!draft.orderId || draft.acquirer !== deps.acquirer.name) throw otherBank();
  const rows = await paymentReturnRows(deps.db, draft.id, key);
  return refundPartOnce(deps, {
    orderId: draft.orderId,
    part: refund,
    store: paymentPartStore(refund),
    // With the bank's cart, the part names its positions and the gateway issues its refund receipt (decision 086).
    gatewayReceipt: () => returnGatewayReceipt(deps, draft.id, rows),
    queueReceipt: (tx) =>
      rows.some((row) => row.gatewayItems)
        ? recordReturnGatewayReceipt(deps, tx, draft.id, key, rows)
        : queuePaymentReturnReceipt(deps, tx, draft, key, rows),
  });
}

function answerOf(
  receiptId: string,
  idempotencyKey: string,
  rows: PaymentReturnRow[],
  card: PaymentCardRefundRow | null,
): TillPaymentReturn {
  const total = (pick: (r: PaymentReturnRow) => number) => toRoubles(rows.reduce((s, r) => s + pick(r), 0));
  return {
    receiptId,
    idempotencyKey,
    lines: rows.map((r) => ({
      line: r.lineNo,
      quantity: r.quantityMilli / 1000,
      bonusesTakenBack: toRoubles(r.earnBack),
      bonusesGivenBack: toRoubles(r.spendBack),
      withheld: toRoubles(r.withheld),
      refundedToCard: toRoubles(r.cardBack),
      refundedToBalance: toRoubles(r.balanceBack),
    })),
    bonusesTakenBack: total((r) => r.earnBack),
    bonusesGivenBack: total((r) => r.spendBack),
    withheld: total((r) => r.withheld),
    // The answer comes once the bank confirmed the part (a 503 before), so it is what went back.
    refundedToCard: toRoubles(card?.amount ?? 0),
    refundedToBalance: total((r) => r.balanceBack),
  };
}
