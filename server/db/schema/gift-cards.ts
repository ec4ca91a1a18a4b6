import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { ledgerAccounts } from './ledger';
import { paymentDrafts } from './payments';

const at = () => timestamp({ withTimezone: true });
const kopecks = () => bigint({ mode: 'number' });

/**
 * A gift-card order (docs/decisions/017-gift-cards.md): one card of `nominal` per recipient, paid by one
 * GIFT_CARD payment draft. The bill is computed by the server when the order is made and never changes:
 * `total = nominal × quantity − discount + delivery_sum`. `state` moves `created` -> `paid` once, in the
 * transaction that completes the draft and issues the cards.
 */
export const giftCardOrders = pgTable(
  'gift_card_orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    /** `<userId>:<client key>`: the same create call answers the same order. */
    idempotencyKey: text().unique(),
    /** Each card's value. */
    nominal: kopecks().notNull(),
    quantity: integer().notNull(),
    /** The discount rate when the order was made, hundredths of a percent (7.5% = 750). */
    discountBasisPoints: integer().notNull(),
    discount: kopecks().notNull(),
    deliverySum: kopecks().notNull(),
    /** What the draft charges. */
    total: kopecks().notNull(),
    recipients: jsonb().$type<{ phone: string; name: string }[]>().notNull(),
    congratulation: text().notNull(),
    /** The background picture's name (`gift-*`). */
    imageId: text().notNull(),
    deliveryId: text().$type<'SMS_TO_CLIENT'>().notNull(),
    sendingDate: at().notNull(),
    /** `cancelled`: an unpaid invoice's order the operator cancelled (decision 026); it can never be paid. */
    state: text().$type<'created' | 'paid' | 'cancelled'>().notNull().default('created'),
    createdAt: at().notNull(),
    paidAt: at(),
  },
  (t) => [
    index('gift_card_orders_user').on(t.userId, t.createdAt.desc()),
    check('gift_card_orders_state', sql`${t.state} in ('created', 'paid', 'cancelled')`),
    check('gift_card_orders_quantity', sql`${t.quantity} >= 1`),
    check(
      'gift_card_orders_bill',
      sql`${t.nominal} > 0 and ${t.discount} >= 0 and ${t.deliverySum} >= 0 and ${t.total} > 0
        and ${t.total} = ${t.nominal} * ${t.quantity} - ${t.discount} + ${t.deliverySum}`,
    ),
  ],
);

/**
 * The payment drafts made for an order: a failed or expired draft is followed by a new one, and at most one
 * is alive (created, processing, paid or completed) at a time; createDraft checks that holding the order's
 * row lock. A draft pays one order.
 */
export const giftCardOrderDrafts = pgTable(
  'gift_card_order_drafts',
  {
    draftId: uuid()
      .primaryKey()
      .references(() => paymentDrafts.id),
    orderId: uuid()
      .notNull()
      .references(() => giftCardOrders.id),
  },
  (t) => [index('gift_card_order_drafts_order').on(t.orderId)],
);

/**
 * An issued card: one per recipient of a paid order. `public_id` (16 random bytes, base64url) is the link
 * `/gc/{public_id}`; `code` (16 random digits) is what the till reads, shown after the last 4 digits of
 * `phone`. The value lives in the ledger account `account_id` (kind `gift_card`).
 */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: uuid().primaryKey().defaultRandom(),
    publicId: text().notNull().unique(),
    code: text().notNull().unique(),
    orderId: uuid()
      .notNull()
      .references(() => giftCardOrders.id),
    /** The recipient's place in the order (0-based): one card per recipient, whatever retries do. */
    position: integer().notNull(),
    phone: text().notNull(),
    name: text().notNull(),
    nominal: kopecks().notNull(),
    accountId: uuid()
      .notNull()
      .unique()
      .references(() => ledgerAccounts.id),
    createdAt: at().notNull(),
    /**
     * The customer (logged in with the recipient's phone) who moved the card's value into their money-like
     * balance (decision 023), once: when, and how much the posting `gift-card-add:<id>` moved.
     */
    addedByUserId: uuid().references(() => users.id),
    addedAt: at(),
    addedAmount: kopecks(),
    /** Blocked by the operator (decision 026): the till and add-to-balance refuse it while set. */
    blockedAt: at(),
  },
  (t) => [
    unique('gift_cards_order_position').on(t.orderId, t.position),
    // Segments' «holds a gift card» (decision 075): the cards sent to a member's phone.
    index('gift_cards_phone').on(t.phone),
  ],
);

/**
 * One SMS per card at `send_at`. The delivery job claims due rows (`claimed_at`, a lease) with
 * `FOR UPDATE SKIP LOCKED`, sends, then sets `sent_at`; a row whose sender died is claimed again once the
 * lease has passed. `attempts` counts claims; `last_error` keeps the gateway's last refusal.
 */
export const giftCardDeliveries = pgTable(
  'gift_card_deliveries',
  {
    id: uuid().primaryKey().defaultRandom(),
    cardId: uuid()
      .notNull()
      .unique()
      .references(() => giftCards.id),
    phone: text().notNull(),
    sendAt: at().notNull(),
    claimedAt: at(),
    sentAt: at(),
    attempts: integer().notNull().default(0),
    lastError: text(),
  },
  (t) => [
    index('gift_card_deliveries_due')
      .on(t.sendAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

/** The company's details an invoice is made out to (spec section 3 "Company info"). */
export interface InvoiceCompany {
  companyName: string;
  inn: string;
  kpp: string;
  bic: string;
  bankName: string;
  payment: string;
  corr: string;
  phone: string;
  email: string;
}

/**
 * A company's purchase by invoice (docs/decisions/018-gift-card-pages-and-invoices.md): the order is paid by
 * bank transfer, outside any draft. `number` is the invoice's number; `download_key` (16 random bytes) is the
 * secret in the PDF's link. The operator marks it paid (`state` `issued` -> `paid` once), which issues the
 * order's cards in the same transaction.
 */
export const giftCardInvoices = pgTable(
  'gift_card_invoices',
  {
    id: uuid().primaryKey().defaultRandom(),
    number: integer().generatedAlwaysAsIdentity({ startWith: 1001 }).notNull().unique(),
    orderId: uuid()
      .notNull()
      .unique()
      .references(() => giftCardOrders.id),
    company: jsonb().$type<InvoiceCompany>().notNull(),
    downloadKey: text().notNull(),
    /** `issued` -> `paid`, or `issued` -> `cancelled` by the operator (decision 026); either once. */
    state: text().$type<'issued' | 'paid' | 'cancelled'>().notNull().default('issued'),
    createdAt: at().notNull(),
    paidAt: at(),
    cancelledAt: at(),
    /** The company's bank payment the operator saw (its number and date on the statement): decision 053. */
    paymentNumber: text(),
    paymentDate: date({ mode: 'string' }),
  },
  (t) => [check('gift_card_invoices_state', sql`${t.state} in ('issued', 'paid', 'cancelled')`)],
);

/**
 * A gift card's value spent at a shop's till (docs/decisions/018): the ledger posts it from the card's
 * account to `gift_cards_redeemed`. `idempotency_key` is `<retailPointId>:<client key>`, so a retried call
 * answers this row. A refund posts it back once (`refunded_at`).
 */
export const giftCardRedemptions = pgTable(
  'gift_card_redemptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    cardId: uuid()
      .notNull()
      .references(() => giftCards.id),
    retailPointId: integer().notNull(),
    idempotencyKey: text().notNull().unique(),
    amount: kopecks().notNull(),
    createdAt: at().notNull(),
    refundedAt: at(),
  },
  (t) => [
    index('gift_card_redemptions_card').on(t.cardId),
    index('gift_card_redemptions_created_at').on(t.createdAt), // reports (decision 031)
    check('gift_card_redemptions_amount', sql`${t.amount} > 0`),
  ],
);
