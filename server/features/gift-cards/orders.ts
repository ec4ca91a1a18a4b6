import { MAX_ORDER_TOTAL, SENDING_DATE_GRACE_MINUTES } from '#common/contract/codes';
import { and, asc, desc, eq, inArray, like } from 'drizzle-orm';
import type { z } from 'zod';
import {
  MAX_SENDING_DAYS_AHEAD,
  type createGiftCardOrderBodySchema,
  type GiftCardImage,
  type GiftCardOrder,
  type GiftCardSummary,
} from '#common/contract/gift-cards';
import type { AppDeps } from '#server/app-deps';
import type { Db } from '#server/db/client';
import { pictures } from '#server/db/schema/brand';
import {
  giftCardDeliveries,
  giftCardInvoices,
  giftCardOrderDrafts,
  giftCardOrders,
  giftCards,
} from '#server/db/schema/gift-cards';
import { ledgerAccounts } from '#server/db/schema/ledger';
import { paymentDrafts } from '#server/db/schema/payments';
import { AppError, notFound } from '#server/errors';
import { formatMoney } from '#common/lib/format';
import { toRoubles } from '#server/core/money';
import { receiptLinkOf } from '#server/core/fiscal/receipt-link';
import { readBrandSettings } from '#server/core/brand-settings';
import { computeGiftCardBill } from './bill';

export type GiftCardOrderRow = typeof giftCardOrders.$inferSelect;
type CreateBody = z.output<typeof createGiftCardOrderBodySchema>;

/** Background pictures are the brand's pictures whose names start with this. */
export const GIFT_PICTURE_PREFIX = 'gift-';
export const pictureUrlOf = (name: string) => `/api/proxy/pictures/${name}`;

/** The card's public page, absolute on PUBLIC_URL. */
export const cardUrlOf = (deps: Pick<AppDeps, 'config'>, publicId: string) =>
  new URL(`/gc/${publicId}`, new URL(deps.config.publicUrl).origin).toString();

export async function giftCardImages(db: Db): Promise<GiftCardImage[]> {
  const rows = await db
    .select({ name: pictures.name })
    .from(pictures)
    .where(like(pictures.name, `${GIFT_PICTURE_PREFIX}%`))
    .orderBy(asc(pictures.name));
  return rows.map((row) => ({ id: row.name, imageUrl: pictureUrlOf(row.name) }));
}

/** The buyer's discount, percent: the brand's rate while its `discount` setting is on, else 0. */
export async function discountPercent(db: Db): Promise<number> {
  const settings = await readBrandSettings(db);
  return settings.discount ? settings.giftCardDiscountPercent : 0;
}

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION', `Неверные данные: ${field}: ${message}`, { fields: { [field]: message } });

export function toOrder(row: GiftCardOrderRow): GiftCardOrder {
  return {
    orderId: row.id,
    state: row.state,
    deliveryId: row.deliveryId,
    sendingDate: row.sendingDate.toISOString(),
    congratulation: row.congratulation,
    imageUrl: pictureUrlOf(row.imageId),
    recipients: row.recipients,
    bill: {
      nominal: toRoubles(row.nominal),
      quantity: row.quantity,
      nominalSum: toRoubles(row.nominal * row.quantity),
      percentRate: row.discountBasisPoints / 100,
      discount: toRoubles(row.discount),
      deliverySum: toRoubles(row.deliverySum),
      total: toRoubles(row.total),
    },
  };
}

/**
 * `/api/gc/create`: checks what zod cannot (the picture exists, the sending date against the clock, the
 * total against the payment limit), computes the bill and stores the order. The same idempotency key answers
 * the same order.
 */
export async function createOrder(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: string,
  body: CreateBody,
): Promise<GiftCardOrder> {
  const now = deps.clock.now();
  let sendingDate = body.sendingDate ? new Date(body.sendingDate) : now;
  if (sendingDate.getTime() < now.getTime() - SENDING_DATE_GRACE_MINUTES * 60_000) {
    throw invalid('sendingDate', 'Дата отправки уже прошла');
  }
  if (sendingDate.getTime() > now.getTime() + MAX_SENDING_DAYS_AHEAD * 24 * 60 * 60_000) {
    throw invalid('sendingDate', 'Дата отправки — не позже чем через год');
  }
  if (sendingDate < now) sendingDate = now;
  const images = await giftCardImages(deps.db);
  if (!images.some((image) => image.id === body.imageId)) throw invalid('imageId', 'Выберите картинку');
  const bill = computeGiftCardBill({
    nominal: body.nominal,
    quantity: body.recipients.length,
    percentRate: await discountPercent(deps.db),
    deliveryId: body.deliveryId,
  });
  if (bill.total > MAX_ORDER_TOTAL * 100) {
    throw invalid('nominal', `Сумма заказа не больше ${formatMoney(MAX_ORDER_TOTAL)}`);
  }
  const idempotencyKey = body.idempotencyKey ? `${userId}:${body.idempotencyKey}` : null;
  const [inserted] = await deps.db
    .insert(giftCardOrders)
    .values({
      userId,
      idempotencyKey,
      nominal: bill.nominal,
      quantity: bill.quantity,
      discountBasisPoints: bill.discountBasisPoints,
      discount: bill.discount,
      deliverySum: bill.deliverySum,
      total: bill.total,
      recipients: body.recipients.map((r) => ({ phone: r.phone, name: r.name })),
      congratulation: body.congratulation,
      imageId: body.imageId,
      deliveryId: body.deliveryId,
      sendingDate,
      createdAt: now,
    })
    .onConflictDoNothing({ target: giftCardOrders.idempotencyKey })
    .returning();
  if (inserted) return toOrder(inserted);
  const [existing] = await deps.db
    .select()
    .from(giftCardOrders)
    .where(eq(giftCardOrders.idempotencyKey, idempotencyKey!));
  if (!existing) throw new Error('gift card order vanished after a key conflict');
  return toOrder(existing);
}

/** The caller's own order, or 404 (another customer's order is indistinguishable from none). */
export async function loadOwnOrder(db: Db, userId: string, orderId: string): Promise<GiftCardOrderRow> {
  const [row] = await db
    .select()
    .from(giftCardOrders)
    .where(and(eq(giftCardOrders.id, orderId), eq(giftCardOrders.userId, userId)));
  if (!row) throw notFound('Заказ не найден');
  return row;
}

/** Draft states that still pay (or paid) an order: while one exists, no other draft may be made for it. */
const LIVE_DRAFT_STATES = ['created', 'processing', 'paid', 'completed'] as const;

/**
 * For createDraft (GIFT_CARD), inside its transaction: the caller's unpaid order under a row lock, and its
 * live draft if it has one. Holding the lock, createDraft either reuses that draft (still `created`), refuses
 * (already being paid), or makes a new one, so an order never has two drafts that could both take money.
 */
export async function lockOrderForDraft(tx: Db, userId: string, orderId: string) {
  const [order] = await tx
    .select()
    .from(giftCardOrders)
    .where(and(eq(giftCardOrders.id, orderId), eq(giftCardOrders.userId, userId)))
    .for('update');
  if (!order) throw notFound('Заказ не найден');
  if (order.state !== 'created') throw new AppError('ORDER_PAID', 'Этот заказ уже оплачен');
  // A company's order is paid by bank transfer against its invoice, never also by card.
  const [invoice] = await tx
    .select({ id: giftCardInvoices.id })
    .from(giftCardInvoices)
    .where(eq(giftCardInvoices.orderId, order.id));
  if (invoice) throw new AppError('ORDER_BY_INVOICE', 'Этот заказ оплачивается по счёту');
  const [live] = await tx
    .select({ id: paymentDrafts.id, state: paymentDrafts.state })
    .from(giftCardOrderDrafts)
    .innerJoin(paymentDrafts, eq(paymentDrafts.id, giftCardOrderDrafts.draftId))
    .where(
      and(eq(giftCardOrderDrafts.orderId, order.id), inArray(paymentDrafts.state, [...LIVE_DRAFT_STATES])),
    )
    .orderBy(desc(paymentDrafts.createdAt))
    .limit(1);
  if (live && live.state !== 'created') throw new AppError('ORDER_IN_PAYMENT', 'Этот заказ уже оплачивается');
  return { order, liveDraftId: live?.id ?? null };
}

export async function linkDraft(tx: Db, orderId: string, draftId: string) {
  await tx.insert(giftCardOrderDrafts).values({ orderId, draftId });
}

/** What a draft's title says: "Подарочные карты: 2 × 1 000 ₽". */
export const draftTitleOf = (order: GiftCardOrderRow) =>
  `Подарочные карты: ${order.quantity} × ${formatMoney(toRoubles(order.nominal))}`;

/** The payment answer's `giftCard` for a GIFT_CARD draft. */
export async function summaryOfDraft(db: Db, draftId: string): Promise<GiftCardSummary | null> {
  const [row] = await db
    .select({ order: giftCardOrders })
    .from(giftCardOrderDrafts)
    .innerJoin(giftCardOrders, eq(giftCardOrders.id, giftCardOrderDrafts.orderId))
    .where(eq(giftCardOrderDrafts.draftId, draftId));
  if (!row) return null;
  const { order } = row;
  return {
    orderId: order.id,
    state: order.state,
    nominal: toRoubles(order.nominal),
    quantity: order.quantity,
    total: toRoubles(order.total),
    sendingDate: order.sendingDate.toISOString(),
  };
}

/**
 * `/api/gc/payment`: 0 when the order is paid (its cards issued); otherwise its newest draft's state, read
 * as it stands (the finish step, completeDraft, is what asks the bank).
 */
export async function paymentState(db: Db, userId: string, orderId: string) {
  const order = await loadOwnOrder(db, userId, orderId);
  const [draft] = await db
    .select({ id: paymentDrafts.id, state: paymentDrafts.state })
    .from(giftCardOrderDrafts)
    .innerJoin(paymentDrafts, eq(paymentDrafts.id, giftCardOrderDrafts.draftId))
    .where(eq(giftCardOrderDrafts.orderId, order.id))
    .orderBy(desc(paymentDrafts.createdAt))
    .limit(1);
  const draftId = draft?.id ?? null;
  if (order.state === 'paid') return { code: 0 as const, state: 'paid' as const, draftId };
  switch (draft?.state) {
    case 'failed':
      return { code: 2 as const, state: 'failed' as const, draftId };
    case 'expired':
      return { code: 3 as const, state: 'expired' as const, draftId };
    case 'processing':
    case 'paid':
    case 'completed':
      return { code: 1 as const, state: 'processing' as const, draftId };
    default:
      return { code: 1 as const, state: 'created' as const, draftId };
  }
}

/** `/api/gc/getcard`: the buyer's view of a paid order's cards. */
export async function buyerCards(deps: Pick<AppDeps, 'db' | 'config'>, userId: string, orderId: string) {
  const order = await loadOwnOrder(deps.db, userId, orderId);
  if (order.state !== 'paid') throw new AppError('ORDER_NOT_PAID', 'Заказ ещё не оплачен');
  const rows = await deps.db
    .select({
      publicId: giftCards.publicId,
      phone: giftCards.phone,
      name: giftCards.name,
      balance: ledgerAccounts.balance,
      sentAt: giftCardDeliveries.sentAt,
      sendAt: giftCardDeliveries.sendAt,
    })
    .from(giftCards)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, giftCards.accountId))
    .leftJoin(giftCardDeliveries, eq(giftCardDeliveries.cardId, giftCards.id))
    .where(eq(giftCards.orderId, order.id))
    .orderBy(asc(giftCards.position));
  const cards = rows.map((row) => ({
    cardUrl: cardUrlOf(deps, row.publicId),
    phone: row.phone,
    name: row.name,
    balance: toRoubles(row.balance ?? 0), // a card's account always caches it (the CHECK)
    sentAt: row.sentAt?.toISOString() ?? null,
    sendAt: row.sendAt?.toISOString() ?? null,
  }));
  const [first] = cards;
  if (!first) throw new Error('a paid gift card order without cards');
  const fiscalReceipt = await orderReceiptLink(deps.db, order.id);
  return {
    imageUrl: pictureUrlOf(order.imageId),
    balance: first.balance,
    congratulation: order.congratulation,
    cardUrl: first.cardUrl,
    cards,
    ...(fiscalReceipt && { fiscalReceipt }),
  };
}

/** The receipt of the draft that paid the order (decision 070), or null where the site issued none. */
async function orderReceiptLink(db: Db, orderId: string) {
  const [paid] = await db
    .select({ draftId: giftCardOrderDrafts.draftId })
    .from(giftCardOrderDrafts)
    .innerJoin(paymentDrafts, eq(paymentDrafts.id, giftCardOrderDrafts.draftId))
    .where(and(eq(giftCardOrderDrafts.orderId, orderId), eq(paymentDrafts.state, 'completed')))
    .limit(1);
  return paid ? receiptLinkOf(db, 'payment_draft', paid.draftId) : null;
}
