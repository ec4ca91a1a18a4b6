import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ReceiptItem } from '#common/contract/receipt';
import type { PlannedLine } from '#server/core/receipt/plan';
import { users } from './auth';
import { operations } from './cabinet';
import { earnRulesColumn } from './programme';

const at = () => timestamp({ withTimezone: true });

/** What a draft's promo code gave (decision 071): kopecks; `lineDiscounts` per receipt line, or null. */
export interface DraftCouponFigures {
  code: string;
  title: string;
  effect: 'discount_percent' | 'discount_fixed' | 'bonus_percent' | 'bonus_fixed';
  discount: number;
  bonuses: number;
  lineDiscounts: number[] | null;
}
const kopecks = () => bigint({ mode: 'number' });

/**
 * A receipt a till registered for a shop payment on the site (decision 069): the lines it sent, for its point
 * and its sum, until `expires_at`. The QR the till shows names it; the draft that pays it reads the lines from
 * here, never from the customer's browser. `idempotency_key` is `<pointId>:<till's key>`.
 */
export const paymentReceipts = pgTable(
  'payment_receipts',
  {
    id: uuid().primaryKey().defaultRandom(),
    retailPointId: integer().notNull(),
    idempotencyKey: text().notNull().unique(),
    sum: kopecks().notNull(),
    /** The lines as the till sent them (checked by the contract: they add up to `sum`). */
    items: jsonb().$type<ReceiptItem[]>().notNull(),
    createdAt: at().notNull(),
    expiresAt: at().notNull(),
  },
  (t) => [check('payment_receipts_sum_positive', sql`${t.sum} > 0`)],
);

/**
 * A payment at a retail point (docs/decisions/009-payments-drafts-and-acquirer.md). Every state change is one
 * conditional UPDATE on `state`, so a draft moves (and resolves) at most once whatever retries or races do.
 * Sums are kopecks: `coupon_discount + extra_spend + spend + left_to_pay = pay_sum` (decision 023: the money-like
 * balance first; decision 071: a promo code's discount).
 */
export const paymentDrafts = pgTable(
  'payment_drafts',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    /** `<userId>:<client key>`: the same createDraft call answers the same draft. */
    idempotencyKey: text().unique(),
    productType: text().$type<'PAYMENT' | 'GIFT_CARD'>().notNull(),
    payType: text().$type<'CARD' | 'SBP_QR' | 'IN_RETAIL_POINT'>().notNull(),
    retailPointId: integer().notNull(),
    title: text().notNull(),
    additionalInfo: text().notNull().default(''),
    deliveryId: text(),
    spendBonus: boolean().notNull(),
    paySum: kopecks().notNull(),
    /** Bonuses this payment takes (held on process, posted on completion). */
    spend: kopecks().notNull(),
    /** Whether the customer chose to spend the money-like balance (decision 023; on unless they say no). */
    spendExtra: boolean().notNull().default(true),
    /** The money-like balance (certificates, gift value) this payment takes, held and posted like `spend`. */
    extraSpend: kopecks().notNull().default(0),
    /** What the bank (or the till) takes. */
    leftToPay: kopecks().notNull(),
    /** Money off the cheque by the promo code given on the page (decision 071), kopecks; 0 without one. */
    couponDiscount: kopecks().notNull().default(0),
    /** The promo code the draft holds (as stored, upper-case) and what it gave; null without one. */
    coupon: jsonb().$type<DraftCouponFigures>(),
    /** The point's earn rate when the draft was made, percent. */
    earnPercent: integer().notNull(),
    /** Bonuses credited on completion: earnPercent of leftToPay, rounded down to a kopeck. */
    earn: kopecks().notNull(),
    /** The earn rules that applied (decision 027). */
    earnRules: earnRulesColumn(),
    state: text()
      .$type<'created' | 'processing' | 'paid' | 'completed' | 'failed' | 'expired'>()
      .notNull()
      .default('created'),
    returnUrl: text(),
    email: text(),
    /** The acquirer that holds the order ('sandbox', 'rbs'), its order id and hosted page. */
    acquirer: text(),
    orderId: text(),
    formUrl: text(),
    /** When the bonuses on hold go back if the payment has not come. */
    holdExpiresAt: at(),
    confirmationCode: text(),
    errorCode: text(),
    errorMessage: text(),
    operationId: uuid().references(() => operations.id),
    /** The till's receipt this payment pays (decision 069); null for a sum-only payment. */
    receiptId: uuid().references(() => paymentReceipts.id),
    /**
     * The receipt's lines as this draft computed them (limit, share of the spend, earn each): written to
     * `receipt_lines` on completion, so the lines stored are exactly the figures the customer was shown.
     */
    receiptPlan: jsonb().$type<PlannedLine[]>(),
    createdAt: at().notNull(),
    updatedAt: at().notNull(),
    paidAt: at(),
    resolvedAt: at(),
  },
  (t) => [
    index('payment_drafts_user').on(t.userId, t.createdAt.desc()),
    // Whether a receipt is already being paid or paid (decision 069).
    index('payment_drafts_receipt')
      .on(t.receiptId)
      .where(sql`${t.receiptId} is not null`),
    // The cabinet's history finds a receipt payment's lines by its history row (decision 069).
    index('payment_drafts_history')
      .on(t.operationId)
      .where(sql`${t.receiptId} is not null`),
    // Reports read the completed payments of a range of days (decision 031).
    index('payment_drafts_completed')
      .on(t.resolvedAt)
      .where(sql`${t.state} = 'completed'`),
    // Segments' «bought at these points» (decision 075).
    index('payment_drafts_point_buyers')
      .on(t.retailPointId, t.userId)
      .where(sql`${t.state} = 'completed'`),
    index('payment_drafts_open_holds')
      .on(t.holdExpiresAt)
      .where(sql`${t.state} in ('processing', 'paid')`),
    check(
      'payment_drafts_sums',
      sql`${t.spend} >= 0 and ${t.extraSpend} >= 0 and ${t.leftToPay} >= 0
        and ${t.couponDiscount} >= 0
        and ${t.couponDiscount} + ${t.extraSpend} + ${t.spend} + ${t.leftToPay} = ${t.paySum}`,
    ),
    check('payment_drafts_pay_sum_positive', sql`${t.paySum} > 0`),
    check(
      'payment_drafts_state',
      sql`${t.state} in ('created', 'processing', 'paid', 'completed', 'failed', 'expired')`,
    ),
  ],
);

/**
 * The sandbox acquirer's own orders: it stands in for a bank, so it keeps its state like one would (in the
 * database, so every instance sees the same order). `order_number` (our draft id) is unique: registering the
 * same draft twice answers the same order.
 */
export const sandboxOrders = pgTable(
  'sandbox_orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderNumber: text().notNull().unique(),
    amount: kopecks().notNull(),
    method: text().$type<'card' | 'sbp'>().notNull(),
    description: text().notNull().default(''),
    returnUrl: text().notNull(),
    status: text().$type<'registered' | 'paid' | 'declined' | 'cancelled' | 'refunded'>().notNull(),
    /** The last 4 digits of the card that paid (never the number). */
    panLast4: text(),
    bindingRequested: boolean().notNull().default(false),
    /** A card-saving (verification) order: whose card it saves. It takes no money (amount 0). */
    clientId: text(),
    /** The saved card, once the hosted page saved one. */
    bindingId: uuid(),
    errorCode: text(),
    /** Kopecks returned so far: a refund may be a part, and the parts never exceed the amount. */
    refundedAmount: kopecks().notNull().default(0),
    /** register.do's cart as it came (decision 080), JSON text; null for an order without one. */
    cart: text(),
    /** Each part refunded with positions: refund.do's `refundItems`, JSON text (decision 086). */
    refundItems: jsonb().$type<string[]>().notNull().default([]),
    createdAt: at().notNull(),
    updatedAt: at().notNull(),
  },
  (t) => [
    check('sandbox_orders_refunded', sql`${t.refundedAmount} >= 0 AND ${t.refundedAmount} <= ${t.amount}`),
    check(
      'sandbox_orders_amount_positive',
      sql`${t.amount} > 0 OR (${t.clientId} IS NOT NULL AND ${t.amount} = 0)`,
    ),
  ],
);

/** E-mails "sent" by the console mail provider (development): the outbox `GET /api/dev/mail` reads. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    /** What the message is about (`cheque:<draftId>`): sending the same cheque twice sends one mail. */
    dedupeKey: text().unique(),
    sentAt: at().notNull(),
  },
  (t) => [index('mail_outbox_to').on(t.to, t.sentAt.desc())],
);
