import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { processDraftBodySchema } from '#common/contract/loyalty';
import { keepDraftCoupon } from '#server/core/coupons/draft-holds';
import { postHold } from '#server/core/holds';
import { inTransaction } from '#server/db/in-transaction';
import { paymentDrafts } from '#server/db/schema/payments';
import { AppError, notFound } from '#server/errors';
import { isAllowedFormUrl } from '#server/integrations/acquirer/acquirer';
import { checkReturnUrl } from '#server/lib/return-url';
import { loadDraft, loadOwnDraft, needsBank, resultOf, type DraftRow, type PaymentsDeps } from './draft-rows';
import { moveToProcessing } from './draft-statements';
import { claimReceipt } from './receipt-draft';
import { draftGatewayReceipt } from './fiscal-sale';
import { completeMovedHere, resolveDraft } from './settle-draft';

type ProcessDraftBody = z.output<typeof processDraftBodySchema>;

/**
 * processDraft: `created` -> `processing` by one conditional update, in the same transaction as the hold
 * (customer bonus -> bonus_held and money -> money_held, one posting with the ledger key `payment-hold:<id>`). A draft bonuses cover (or one paid at the
 * till) completes in that transaction; otherwise the bank order is registered (idempotently, by the draft id)
 * and its page answered. Repeating the call (a retry, 50 at once) answers the same and changes nothing more.
 */
export async function processDraft(deps: PaymentsDeps, userId: string, body: ProcessDraftBody) {
  checkReturnUrl(deps, body.returnUrl);
  if (body.paymentToken !== undefined) {
    throw new AppError(
      'PAYMENT_METHOD_UNAVAILABLE',
      'Apple Pay и Google Pay пока не принимаются: оплатите картой или СБП',
    );
  }
  if (body.bindingId !== undefined) {
    const draft = await loadOwnDraft(deps.db, userId, body.draftId);
    if (draft.state === 'created') await checkSavedCard(deps, userId, draft, body.bindingId);
  }
  // The move is tried first and the draft read only when it did not happen (moved before, or another
  // customer's: 404), so the usual first call costs no read (decision 021).
  const started = await inTransaction(deps.db, async (tx) => {
    const now = deps.clock.now();
    const [answer] = await moveToProcessing(tx, {
      draftId: body.draftId,
      userId,
      returnUrl: body.returnUrl,
      email: body.email ?? null,
      holdExpiresAt: new Date(now.getTime() + deps.config.paymentHoldMinutes * 60_000),
      updatedAt: now,
    });
    if (!answer) return null; // another call moved it first: answer what it did
    const { bonusAccount, moneyAccount, ...moved } = answer;
    // A till's receipt is paid once: a second draft for it stops here and rolls its move back (decision 069).
    await claimReceipt(tx, moved, now);
    // Its promo code now lives as long as the draft's hold; one that expired meanwhile is a 409 (decision 071).
    if (moved.coupon) await keepDraftCoupon(tx, moved.id, moved.holdExpiresAt, now);
    const accounts = bonusAccount && moneyAccount ? { bonus: bonusAccount, money: moneyAccount } : null;
    await postHold(tx, 'payment', moved, accounts);
    if (needsBank(moved)) return moved;
    // Moved in this transaction, so no other call can complete it: the shorter completion (decision 037).
    return completeMovedHere(deps, tx, moved);
  });
  let row = started ?? (await loadOwnDraft(deps.db, userId, body.draftId));
  if (row.state === 'processing' && needsBank(row) && !row.orderId) {
    // An order a saved card will pay is the customer's (RBS charges a binding only on its client's order).
    row = await registerOrder(deps, row, body.bindingId !== undefined ? userId : undefined);
  }
  if (body.bindingId !== undefined && row.state === 'processing' && row.orderId) {
    row = await payWithSavedCard(deps, userId, row, body.bindingId);
  }
  return resultOf(deps, row);
}

/** A saved card pays only a card payment, and only the customer's own active card (checked before any hold). */
async function checkSavedCard(deps: PaymentsDeps, userId: string, draft: DraftRow, bindingId: string) {
  const bindings = deps.acquirer.bindings;
  if (!bindings?.payWithBinding) {
    throw new AppError(
      'PAYMENT_METHOD_UNAVAILABLE',
      'Оплата сохранённой картой у этого банка пока недоступна',
    );
  }
  if (draft.payType !== 'CARD') {
    throw new AppError('PAY_TYPE_NOT_ALLOWED', 'Сохранённой картой можно оплатить только покупку картой');
  }
  let cards;
  try {
    cards = await bindings.listCards(userId);
  } catch {
    throw new AppError('BANK_UNAVAILABLE', 'Банк не ответил. Попробуйте ещё раз');
  }
  if (!cards.some((card) => card.bindingId === bindingId && card.active)) throw notFound('Карта не найдена');
}

/**
 * The gateway charges the saved card for the registered order; then the draft settles by the order's status,
 * as after the hosted page (a decline fails it and releases the hold).
 */
async function payWithSavedCard(deps: PaymentsDeps, userId: string, row: DraftRow, bindingId: string) {
  const pay = deps.acquirer.bindings?.payWithBinding;
  if (!pay) return row;
  try {
    await pay.call(deps.acquirer.bindings, { orderId: row.orderId!, clientId: userId, bindingId });
  } catch {
    // Not charged (or not known to be): the order stays open; the finish step or the expiry job settles it.
    return row;
  }
  return resolveDraft(deps, row);
}

/**
 * Registers the draft's bank order (the gateway answers the same order for the same draft) and keeps it. In the
 * `gateway` mode the order carries its receipt's cart (decision 080).
 */
export async function registerOrder(deps: PaymentsDeps, row: DraftRow, clientId?: string): Promise<DraftRow> {
  const receipt = await draftGatewayReceipt(deps, row);
  let order;
  try {
    order = await deps.acquirer.registerOrder({
      orderNumber: row.id,
      amount: row.leftToPay,
      method: row.payType === 'SBP_QR' ? 'sbp' : 'card',
      description: row.title,
      returnUrl: row.returnUrl!,
      createBinding: false,
      ...(clientId === undefined ? {} : { clientId }),
      ...(receipt ? { receipt } : {}),
    });
  } catch {
    throw new AppError('BANK_UNAVAILABLE', 'Банк не ответил. Попробуйте ещё раз');
  }
  if (!isAllowedFormUrl(order.formUrl, deps.acquirer.formHosts)) {
    throw new AppError('BANK_UNAVAILABLE', 'Банк ответил неизвестным адресом оплаты');
  }
  const [stored] = await deps.db
    .update(paymentDrafts)
    .set({
      orderId: order.orderId,
      formUrl: order.formUrl,
      acquirer: deps.acquirer.name,
      updatedAt: deps.clock.now(),
    })
    .where(and(eq(paymentDrafts.id, row.id), eq(paymentDrafts.state, 'processing')))
    .returning();
  return stored ?? loadDraft(deps.db, row.id);
}
