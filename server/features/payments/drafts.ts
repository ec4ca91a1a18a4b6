import { PAYMENT_STATUS, type PaymentStatus } from '../../../common/contract/codes';
import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { type Draft, type PaymentResult } from '../../../common/contract/loyalty';
import type { z } from 'zod';
import type { createDraftBodySchema, processDraftBodySchema } from '../../../common/contract/loyalty';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/in-transaction';
import { operations } from '../../db/schema/cabinet';
import { retailPoints } from '../../db/schema/content';
import { paymentDrafts } from '../../db/schema/payments';
import { checkReturnUrl } from '../../lib/return-url';
import { AppError, notFound } from '../../errors';
import { isAllowedFormUrl, type OrderStatus } from '../../integrations/acquirer/acquirer';
import { toRoubles } from '../../core/money';
import { issueGiftCards } from '../gift-cards/issue';
import { draftTitleOf, linkDraft, lockOrderForDraft, summaryOfDraft } from '../gift-cards/orders';
import { balancesOf, earnEntries, postTransaction } from '../../core/ledger';
import { readBrandSettings } from '../../core/brand-settings';
import { chequeUrlOf } from './cheque';
import { holdEntries, releaseEntries, settleEntries } from './holds';
import { splitPayment } from './split';
import { draftInputs } from './draft-inputs';

export type PaymentsDeps = Pick<AppDeps, 'db' | 'config' | 'clock' | 'acquirer' | 'mail'>;
export type DraftRow = typeof paymentDrafts.$inferSelect;
type CreateDraftBody = z.output<typeof createDraftBodySchema>;
type ProcessDraftBody = z.output<typeof processDraftBodySchema>;

/** Roubles from the API (at most 2 decimals, checked by the contract) to kopecks. */
export const toKopecks = (roubles: number) => Math.round(roubles * 100);

/** What a payment takes from the money-like balance and bonuses, what is left and what it earns (split.ts). */
export const computeDraft = splitPayment;

async function loadPoint(db: Db, retailPointId: number) {
  const [point] = await db.select().from(retailPoints).where(eq(retailPoints.id, retailPointId));
  if (!point) throw notFound('Точка не найдена');
  return point;
}

export async function retailPointInfo(db: Db, retailPointId: number) {
  const point = await loadPoint(db, retailPointId);
  return {
    id: point.id,
    title: point.title,
    address: { city: point.city, street: point.street, house: point.house },
    currentBonus: point.currentBonus,
  };
}

export async function userBalance(deps: Pick<AppDeps, 'db'>, userId: string) {
  const [balances, settings] = await Promise.all([balancesOf(deps.db, userId), readBrandSettings(deps.db)]);
  return {
    balance: { availableAmount: toRoubles(balances.bonus), amount: toRoubles(balances.money) },
    maxSpendPercent: settings.maxSpendPercent,
  };
}

export function toDraft(row: DraftRow): Draft {
  return {
    draftId: row.id,
    state: row.state,
    productType: row.productType,
    payType: row.payType,
    retailPointId: row.retailPointId,
    title: row.title,
    paySum: toRoubles(row.paySum),
    spendBonus: row.spendBonus,
    spendExtra: row.spendExtra,
    accountChanges: [
      { type: 'GLOBAL', earn: toRoubles(row.earn), spend: toRoubles(row.spend) },
      { type: 'EXTRA', earn: 0, spend: toRoubles(row.extraSpend) },
    ],
    leftToPay: toRoubles(row.leftToPay),
  };
}

const STATUS_OF: Record<DraftRow['state'], PaymentStatus> = {
  created: PAYMENT_STATUS.pending,
  processing: PAYMENT_STATUS.pending,
  paid: PAYMENT_STATUS.success,
  completed: PAYMENT_STATUS.success,
  failed: PAYMENT_STATUS.failed,
  expired: PAYMENT_STATUS.expired,
};

export function toResult(deps: Pick<AppDeps, 'config'>, row: DraftRow): PaymentResult {
  return {
    status: STATUS_OF[row.state],
    draftId: row.id,
    state: row.state,
    formUrl: row.state === 'processing' ? row.formUrl : null,
    confirmationCode: row.confirmationCode,
    chequeUrl: row.state === 'completed' ? chequeUrlOf(deps.config, row.id) : null,
    errorCode: row.errorCode,
    errorMessage: row.errorMessage,
    spent: toRoubles(row.spend),
    spentExtra: toRoubles(row.extraSpend),
    earned: toRoubles(row.earn),
    paySum: toRoubles(row.paySum),
    leftToPay: toRoubles(row.leftToPay),
    giftCard: null,
  };
}

/** The answer for a draft: `toResult`, and for a GIFT_CARD draft the order it pays (decision 017). */
export async function resultOf(deps: Pick<AppDeps, 'config' | 'db'>, row: DraftRow): Promise<PaymentResult> {
  const result = toResult(deps, row);
  if (row.productType !== 'GIFT_CARD') return result;
  return { ...result, giftCard: await summaryOfDraft(deps.db, row.id) };
}

/** The caller's own draft, or 404 (another customer's draft is indistinguishable from none). */
export async function loadOwnDraft(db: Db, userId: string, draftId: string): Promise<DraftRow> {
  const [row] = await db
    .select()
    .from(paymentDrafts)
    .where(and(eq(paymentDrafts.id, draftId), eq(paymentDrafts.userId, userId)));
  if (!row) throw notFound('Черновик оплаты не найден');
  return row;
}

async function loadDraft(db: Db, draftId: string): Promise<DraftRow> {
  const [row] = await db.select().from(paymentDrafts).where(eq(paymentDrafts.id, draftId));
  if (!row) throw new Error('payment draft vanished');
  return row;
}

/**
 * createDraft: a new draft, the same draft for a repeated idempotency key, or the page's draft recomputed
 * (the spend toggle, the pay type) while it is still `created`.
 */
export async function createDraft(deps: PaymentsDeps, userId: string, body: CreateDraftBody): Promise<Draft> {
  if (body.productType === 'GIFT_CARD') return createGiftCardDraft(deps, userId, body);
  const { point, balances, settings } = await draftInputs(deps.db, userId, body.retailPointId);
  const paySum = toKopecks(body.paySum);
  const sums = computeDraft({
    paySum,
    spendBonus: body.spendBonus,
    payType: body.payType,
    bonusBalance: balances.bonus,
    maxSpendPercent: settings.maxSpendPercent,
    currentBonus: point.currentBonus,
    spendExtra: body.spendExtra,
    moneyBalance: balances.money,
  });
  const now = deps.clock.now();
  const values = {
    productType: body.productType,
    payType: body.payType,
    retailPointId: point.id,
    title: body.title || point.title,
    additionalInfo: body.additionalInfo,
    deliveryId: body.deliveryId,
    spendBonus: body.spendBonus && body.payType !== 'IN_RETAIL_POINT',
    spendExtra: body.spendExtra && body.payType !== 'IN_RETAIL_POINT',
    paySum,
    ...sums,
    earnPercent: point.currentBonus,
    updatedAt: now,
  };
  if (body.draftId) {
    const [updated] = await deps.db
      .update(paymentDrafts)
      .set(values)
      .where(
        and(
          eq(paymentDrafts.id, body.draftId),
          eq(paymentDrafts.userId, userId),
          eq(paymentDrafts.state, 'created'),
          // A gift-card draft is recomputed only through its order.
          eq(paymentDrafts.productType, 'PAYMENT'),
        ),
      )
      .returning();
    if (updated) return toDraft(updated);
    await loadOwnDraft(deps.db, userId, body.draftId);
    throw new AppError('DRAFT_STARTED', 'Эта оплата уже начата: её нельзя изменить');
  }
  const idempotencyKey = body.idempotencyKey ? `${userId}:${body.idempotencyKey}` : null;
  const [inserted] = await deps.db
    .insert(paymentDrafts)
    .values({ ...values, userId, idempotencyKey, createdAt: now })
    .onConflictDoNothing({ target: paymentDrafts.idempotencyKey })
    .returning();
  if (inserted) return toDraft(inserted);
  const [existing] = await deps.db
    .select()
    .from(paymentDrafts)
    .where(eq(paymentDrafts.idempotencyKey, idempotencyKey!));
  if (!existing) throw new Error('payment draft vanished after a key conflict');
  return toDraft(existing);
}

/**
 * A GIFT_CARD draft for an order from `/api/gc/create` (decision 017). The order fixes the sum: `paySum` must
 * equal its bill. Bonuses are never spent on gift cards (they would turn into value anyone can carry away)
 * and none are earned; paying at the till is refused (we would issue cards for money we never see). The
 * order is the idempotency unit: holding its row lock, the order's live draft is recomputed while it is still
 * `created` (the pay type), a draft already being paid is a 409, and otherwise a new draft is made.
 */
async function createGiftCardDraft(deps: PaymentsDeps, userId: string, body: CreateDraftBody) {
  if (!body.giftCardOrderId) {
    throw new AppError('VALIDATION', 'Неверные данные: giftCardOrderId: укажите заказ', {
      fields: { giftCardOrderId: 'укажите заказ' },
    });
  }
  if (body.payType === 'IN_RETAIL_POINT') {
    throw new AppError('PAY_TYPE_NOT_ALLOWED', 'Подарочную карту можно оплатить только картой или СБП');
  }
  const orderId = body.giftCardOrderId;
  const settings = await readBrandSettings(deps.db);
  const point = await loadPoint(deps.db, settings.giftCardPointId ?? body.retailPointId);
  return inTransaction(deps.db, async (tx) => {
    const { order, liveDraftId } = await lockOrderForDraft(tx, userId, orderId);
    if (toKopecks(body.paySum) !== order.total) {
      throw new AppError('VALIDATION', `Сумма не совпадает с заказом: ${toRoubles(order.total)} ₽`, {
        fields: { paySum: 'не совпадает с заказом' },
      });
    }
    const now = deps.clock.now();
    const values = {
      productType: 'GIFT_CARD' as const,
      payType: body.payType,
      retailPointId: point.id,
      title: draftTitleOf(order),
      additionalInfo: body.additionalInfo,
      deliveryId: order.deliveryId,
      spendBonus: false,
      spendExtra: false,
      paySum: order.total,
      spend: 0,
      extraSpend: 0,
      leftToPay: order.total,
      earn: 0,
      earnPercent: 0,
      updatedAt: now,
    };
    if (liveDraftId) {
      const [updated] = await tx
        .update(paymentDrafts)
        .set(values)
        .where(and(eq(paymentDrafts.id, liveDraftId), eq(paymentDrafts.state, 'created')))
        .returning();
      if (!updated) throw new AppError('ORDER_IN_PAYMENT', 'Этот заказ уже оплачивается');
      return toDraft(updated);
    }
    const [inserted] = await tx
      .insert(paymentDrafts)
      .values({ ...values, userId, createdAt: now })
      .returning();
    await linkDraft(tx, order.id, inserted!.id);
    return toDraft(inserted!);
  });
}

/** Whether the draft goes to the bank: something is left to pay, and not at the till. */
const needsBank = (row: DraftRow) => row.leftToPay > 0 && row.payType !== 'IN_RETAIL_POINT';

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
    const [moved] = await tx
      .update(paymentDrafts)
      .set({
        state: 'processing',
        returnUrl: body.returnUrl,
        email: body.email ?? null,
        holdExpiresAt: new Date(now.getTime() + deps.config.paymentHoldMinutes * 60_000),
        updatedAt: now,
      })
      .where(
        and(
          eq(paymentDrafts.id, body.draftId),
          eq(paymentDrafts.userId, userId),
          eq(paymentDrafts.state, 'created'),
        ),
      )
      .returning();
    if (!moved) return null; // another call moved it first: answer what it did
    const hold = await holdEntries(tx, moved);
    if (hold.length > 0) {
      await postTransaction(tx, {
        idempotencyKey: `payment-hold:${moved.id}`,
        kind: 'payment_hold',
        entries: hold,
      });
    }
    if (needsBank(moved)) return moved;
    return (await completePaid(deps, tx, moved.id, 'processing')) ?? moved;
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

/** Registers the draft's bank order (the gateway answers the same order for the same draft) and keeps it. */
async function registerOrder(deps: PaymentsDeps, row: DraftRow, clientId?: string): Promise<DraftRow> {
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

/**
 * `paid` (or, for a payment confirmed just now, `processing`: it passes `paid` in the same statement, with
 * `paid_at`) -> `completed` once: the hold is posted (bonus_held -> bonus_spent), the earn credited
 * (bonus_issued -> customer) in one ledger transaction `payment-complete:<id>`, and the operation recorded.
 * Answers the completed draft, or null when it was not in `from` (another call moved it).
 */
async function completePaid(
  deps: PaymentsDeps,
  tx: Db,
  draftId: string,
  from: 'paid' | 'processing' = 'paid',
): Promise<DraftRow | null> {
  const now = deps.clock.now();
  const [done] = await tx
    .update(paymentDrafts)
    .set({
      state: 'completed',
      confirmationCode: String(randomInt(0, 1_000_000)).padStart(6, '0'),
      ...(from === 'processing' ? { paidAt: now } : {}),
      resolvedAt: now,
      updatedAt: now,
    })
    .where(and(eq(paymentDrafts.id, draftId), eq(paymentDrafts.state, from)))
    .returning();
  if (!done) return null;
  if (done.productType === 'GIFT_CARD') await issueGiftCards(tx, deps.clock, done.id);
  const entries = [...(await settleEntries(tx, done)), ...(await earnEntries(tx, done.userId, done.earn))];
  const posted =
    entries.length > 0
      ? await postTransaction(tx, { idempotencyKey: `payment-complete:${done.id}`, kind: 'payment', entries })
      : null;
  const tillPayment = done.payType === 'IN_RETAIL_POINT' && done.leftToPay > 0;
  // The operation and the draft's link to it in one statement.
  const operation = tx.$with('operation', { id: operations.id }).as(
    tx
      .insert(operations)
      .values({
        userId: done.userId,
        place: done.title,
        occurredAt: now,
        amountEarn: done.earn,
        amountSpend: done.spend,
        amountSpendExtra: done.extraSpend,
        amount: done.paySum,
        // Paid at the till: the till confirms it later; everything else is settled here.
        state: tillPayment ? 'NEW' : 'PROCESSED',
        type: 'PAYMENT',
        transactionId: posted?.transactionId ?? null,
      })
      .returning({ id: operations.id })
      .getSQL(),
  );
  const [linked] = await tx
    .with(operation)
    .update(paymentDrafts)
    .set({ operationId: sql`(select ${operation.id} from ${operation})` })
    .where(eq(paymentDrafts.id, done.id))
    .returning();
  return linked ?? null;
}

/**
 * `processing` -> `failed` or `expired` once, and the hold goes back to the customer (ledger key
 * `payment-release:<id>`) in the same transaction.
 */
async function releaseDraft(
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
    const entries = await releaseEntries(tx, moved);
    if (entries.length === 0) return;
    await postTransaction(tx, {
      idempotencyKey: `payment-release:${moved.id}`,
      kind: 'payment_release',
      entries,
    });
  });
}

/** Completes a draft the gateway confirmed: the order must be this draft's, for exactly what was left to pay. */
async function settle(deps: PaymentsDeps, row: DraftRow, status: OrderStatus): Promise<void> {
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

/**
 * The hold-expiry job's work, idempotent: every draft still `processing` (or `paid`) past its hold's expiry
 * is settled. Its bank order is cancelled first; one the customer managed to pay stays paid and completes,
 * any other releases the hold (`expired`). Answers how many drafts it looked at.
 */
export async function releaseExpiredHolds(deps: PaymentsDeps, limit = 100): Promise<number> {
  const due = await deps.db
    .select()
    .from(paymentDrafts)
    .where(
      and(
        inArray(paymentDrafts.state, ['processing', 'paid']),
        lte(paymentDrafts.holdExpiresAt, deps.clock.now()),
      ),
    )
    .orderBy(asc(paymentDrafts.holdExpiresAt))
    .limit(limit);
  for (const row of due) {
    if (row.state === 'paid') {
      await inTransaction(deps.db, (tx) => completePaid(deps, tx, row.id));
      continue;
    }
    let orderId = row.orderId;
    if (!orderId && needsBank(row) && row.returnUrl) {
      // A registration may have reached the bank without being stored: find it (registration is idempotent).
      orderId = (await registerOrder(deps, row).catch(() => row)).orderId;
    }
    if (orderId) {
      let status: OrderStatus;
      try {
        status = await deps.acquirer.cancelOrder(orderId);
      } catch {
        continue; // the bank is unreachable: the next run asks again, the hold stays until it answers
      }
      if (status.state === 'paid') {
        await settle(deps, { ...row, orderId }, status);
        continue;
      }
      // The bank could not stop the order (the customer is mid 3-D Secure, say): releasing now could lose a
      // payment that lands a moment later, so the draft waits for the next run.
      if (status.state === 'pending') continue;
    }
    await releaseDraft(deps, row.id, 'expired', {
      code: 'EXPIRED',
      message: 'Время на оплату вышло: бонусы возвращены, начните оплату заново',
    });
  }
  return due.length;
}

/** sendCheque: e-mails the cheque of a completed payment; the same address gets it once. */
export async function sendCheque(deps: PaymentsDeps, userId: string, draftId: string, email: string) {
  const row = await loadOwnDraft(deps.db, userId, draftId);
  if (row.state !== 'completed') throw new AppError('CHEQUE_NOT_READY', 'Чек будет после оплаты');
  const lines = [
    `Оплата: ${row.title}`,
    `Дата: ${(row.resolvedAt ?? row.updatedAt).toISOString()}`,
    `Сумма: ${formatRoubles(row.paySum)} ₽`,
    `Оплачено бонусами: ${formatRoubles(row.spend)}`,
    ...(row.extraSpend > 0 ? [`Оплачено с баланса: ${formatRoubles(row.extraSpend)} ₽`] : []),
    `Оплачено деньгами: ${formatRoubles(row.leftToPay)} ₽`,
    `Начислено бонусов: ${formatRoubles(row.earn)}`,
    `Код подтверждения: ${row.confirmationCode ?? ''}`,
    `Чек: ${chequeUrlOf(deps.config, row.id)}`,
  ];
  await deps.mail.send({
    to: email,
    subject: `Чек об оплате: ${row.title}`,
    text: lines.join('\n'),
    dedupeKey: `cheque:${row.id}:${email.toLowerCase()}`,
  });
}

export function formatRoubles(kopecks: number): string {
  return (kopecks / 100).toFixed(2);
}
