import { COUPON_ERRORS, couponCodeSchema, tillCouponSchema } from './coupons';
import { defineEndpoint } from './endpoint';
import { withBodyExamples, withResponseExamples } from './examples';
import { paySumSchema } from './loyalty';
import { expiringSchema, pendingSchema } from './member-bonuses';
import { appliedRuleSchema } from './programme';
import { checkReceipt, receiptItemsSchema, receiptLineFiguresSchema } from './receipt';
import * as examples from './till-examples';
import { tillReturnedSchema } from './till-returned';
import * as z from './z';

export { tillReturnedSchema, type TillReturned } from './till-returned';

/**
 * The till: a retail point's cash register (docs/decisions/015-till-api.md). Every call carries the point's
 * API key as `Authorization: Bearer <key>` (or `X-Api-Key: <key>`); a wrong or revoked key is a 401 and
 * changes nothing. The cashier scans the customer's member code once (`verify`, which consumes it and opens a
 * short visit), then accrues or spends in that visit. Sums are roubles with at most 2 decimals.
 */

/** The rotating member code the cabinet shows: the 16-digit card number and a 6-digit code (spaces allowed). */
export const memberCodeSchema = z
  .string('Код: 22 цифры')
  .transform((value) => value.replace(/[\s-]/g, ''))
  .refine((value) => /^\d{22}$/.test(value), 'Код: 22 цифры (номер карты и код из приложения)');

/** The client's idempotency key: the same key from the same point answers the first result, once. */
export const tillIdempotencyKeySchema = z
  .string('idempotencyKey: строка')
  .regex(/^[A-Za-z0-9_.:-]{8,100}$/, 'idempotencyKey: от 8 до 100 латинских букв, цифр или знаков _ . : -');

const uuid = (message: string) => z.string().uuid(message);

/** Bonuses (roubles) the server computed, at most 2 decimals. */
const money = z.number();

export const tillCustomerSchema = z.strictObject({
  /** First name and the last name's initial ('Анна И.'). */
  name: z.string(),
  /** '**** **** **** 1234' */
  cardNum: z.string(),
  /** Bonuses the customer can spend now, roubles (1 bonus = 1 rouble). */
  bonuses: money,
  /** The next bonuses to expire (decision 027), for the cashier to mention; null when none will. */
  expiring: expiringSchema.nullable(),
  /** Bonuses still in the brand's return window (decision 030), not spendable yet; null: none, or no window. */
  pending: pendingSchema.nullable(),
});

export const tillPointSchema = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  /** The earn rate in force, percent of the money paid: the point's own or the chain's base (decision 055). */
  currentBonus: z.number(),
  /** CHAIN: the point follows the chain's base rate; POINT: it has its own. */
  earnFrom: z.enum(['CHAIN', 'POINT']),
});

/** `CARD`: the customer's saved bank card paid the cheque's rest (after any bonuses), through the acquirer. */
export const TILL_OPERATION_KINDS = ['ACCRUE', 'SPEND', 'CARD'] as const;
/**
 * `HELD`: a spend's bonuses are on hold, waiting for confirm or cancel (released by itself at `holdExpiresAt`),
 * or a card payment the bank has not answered yet (repeat the same call, or confirm, to ask again);
 * `COMPLETED`; `CANCELLED` (a hold released by the till); `EXPIRED` (a hold nobody confirmed); `REFUNDED`;
 * `DECLINED` (the bank declined the saved card: the bonuses went back); `REFUNDING` (the bonuses are settled,
 * the card refund still waits for the bank: repeat the refund).
 */
export const TILL_OPERATION_STATES = [
  'HELD',
  'COMPLETED',
  'CANCELLED',
  'EXPIRED',
  'REFUNDED',
  'DECLINED',
  'REFUNDING',
] as const;

export const tillOperationSchema = z.strictObject({
  operationId: z.string(),
  visitId: z.string(),
  kind: z.enum(TILL_OPERATION_KINDS),
  state: z.enum(TILL_OPERATION_STATES),
  /** The cheque, roubles. */
  sum: money,
  /** Bonuses this operation takes (on hold while HELD; given back by a refund). */
  spent: money,
  /** Bonuses it credits (a spend credits on confirmation; taken back by a refund). */
  earned: money,
  /** What the saved card pays, roubles (CARD only; 0 otherwise); given back to the card by a refund. */
  paidByCard: money,
  /** The saved card ('•••• 1234'), CARD only. */
  card: z.string().nullable(),
  /** Why the bank declined the card (DECLINED only): its code and text. */
  decline: z.strictObject({ code: z.string(), message: z.string() }).nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** ISO 8601; only while HELD. */
  holdExpiresAt: z.string().nullable(),
  /** The earn rules that applied to what it earns (decision 027); empty when it earns nothing. */
  earnRules: z.array(appliedRuleSchema),
  /**
   * The rate applied over the money paid, percent (two decimals): the point's or chain's rate after the
   * campaigns' multipliers and extra percents, fixed bonuses apart (decision 055); null for operations before.
   */
  earnRate: z.number().nullable(),
  /**
   * The receipt's lines when the till sent them (issue 29): per line the bonuses spent on it as its discount,
   * what it costs in money, and what it earned; null for a cheque sent as a sum only.
   */
  lines: z.array(receiptLineFiguresSchema).nullable(),
  /** The coupon or promo code the operation used or holds (decision 064); absent when none. */
  coupon: tillCouponSchema.optional(),
  /** In the visit's answer: what came back of its lines (decision 063); absent when nothing did. */
  returned: tillReturnedSchema.optional(),
});
export type TillOperation = z.output<typeof tillOperationSchema>;

export const tillVisitSchema = z.strictObject({
  /** Names the visit in accrue and spend (only the point that opened it may use it). */
  visitId: z.string(),
  /** ISO 8601: after this, scan a new code. */
  expiresAt: z.string(),
  customer: tillCustomerSchema,
  point: tillPointSchema,
  /** The brand's limit: bonuses may pay at most this percent of a cheque. */
  maxSpendPercent: z.number(),
  /**
   * Whether the customer's saved bank card can pay the rest of the cheque (`/api/till/card-payment`): the
   * customer has an active saved card and the configured acquirer charges saved cards.
   */
  bindingActive: z.boolean(),
  /** The card that would pay ('•••• 1234'), when `bindingActive`. */
  savedCard: z.string().nullable(),
  /** The visit's operations, oldest first. */
  operations: z.array(tillOperationSchema),
});
export type TillVisit = z.output<typeof tillVisitSchema>;

const operationParams = z.strictObject({ operationId: uuid('Неизвестная операция') });

/**
 * What an operation in a visit may answer beyond its own rules: the visit is not this point's (404), has ended,
 * the key named another request, or the key's point is gone.
 */
const VISIT_ERRORS = ['NOT_FOUND', 'VISIT_ENDED', 'IDEMPOTENCY_KEY_REUSED', 'POINT_GONE'] as const;

export const tillVerify = defineEndpoint({
  method: 'POST',
  path: '/api/till/verify',
  summary:
    "Verify a scanned member code (valid one 120 s step either side of now, accepted once): consumes it and opens a visit with the customer's card, name and spendable bonuses. At most 120 attempts per till key and 10 per card in 10 minutes, right or wrong (429 with Retry-After)",
  tag: 'till',
  auth: 'till',
  errors: ['CODE_EXPIRED', 'CODE_USED', 'CARD_LOCKED', 'POINT_GONE', 'TOO_MANY_REQUESTS'],
  schemas: {
    body: withBodyExamples(z.strictObject({ code: memberCodeSchema }), examples.tillVerifyExamples.body),
    response: withResponseExamples(tillVisitSchema, examples.tillVerifyExamples.response),
  },
});

export const tillVisit = defineEndpoint({
  method: 'GET',
  path: '/api/till/visits/:visitId',
  summary: "A visit this point opened: the customer's bonuses now and the visit's operations",
  tag: 'till',
  auth: 'till',
  errors: ['NOT_FOUND', 'POINT_GONE'],
  schemas: {
    params: z.strictObject({ visitId: uuid('Неизвестный визит') }),
    response: withResponseExamples(tillVisitSchema, examples.tillVisitExamples.response),
  },
});

export const tillAccrue = defineEndpoint({
  method: 'POST',
  path: '/api/till/accrue',
  summary:
    "Accrue bonuses for a cheque at the point's rate (a CASHBACK operation); idempotent by the client's key",
  tag: 'till',
  auth: 'till',
  errors: [...VISIT_ERRORS, ...COUPON_ERRORS],
  schemas: {
    body: withBodyExamples(
      z
        .strictObject({
          visitId: uuid('Неизвестный визит'),
          sum: paySumSchema,
          /** The receipt's lines (optional): they must add up to `sum`. */
          items: receiptItemsSchema.optional(),
          /** A coupon or promo code (decision 064): held at the preview, used by this accrual. */
          coupon: couponCodeSchema.optional(),
          idempotencyKey: tillIdempotencyKeySchema,
        })
        .superRefine(checkReceipt),
      examples.tillAccrueExamples.body,
    ),
    response: withResponseExamples(tillOperationSchema, examples.tillAccrueExamples.response),
  },
});

/**
 * A cheque at the till that may spend bonuses: the spend (bonuses left out: the most allowed) and the card
 * payment (left out: none) take the same body.
 */
export const tillChequeBodySchema = z
  .strictObject({
    visitId: uuid('Неизвестный визит'),
    sum: paySumSchema,
    /** Bonuses to spend, roubles. */
    bonuses: paySumSchema.optional(),
    /** The receipt's lines (optional): they must add up to `sum`; the bonuses spread over them. */
    items: receiptItemsSchema.optional(),
    /**
     * A coupon or promo code (decisions 064, 071): its discount comes off first; used when the spend is confirmed
     * or the card payment completes, released when either is cancelled, declined or expires.
     */
    coupon: couponCodeSchema.optional(),
    idempotencyKey: tillIdempotencyKeySchema,
  })
  .superRefine(checkReceipt);
export type TillChequeBody = z.output<typeof tillChequeBodySchema>;

export const tillSpend = defineEndpoint({
  method: 'POST',
  path: '/api/till/spend',
  summary:
    'Put bonuses on hold for a cheque (at most the brand limit and the balance; the most allowed when `bonuses` is left out); confirm or cancel it next. Idempotent by the client key',
  tag: 'till',
  auth: 'till',
  errors: ['INSUFFICIENT_BONUSES', 'SPEND_LIMIT', 'NOTHING_TO_SPEND', ...VISIT_ERRORS, ...COUPON_ERRORS],
  schemas: {
    body: withBodyExamples(tillChequeBodySchema, examples.tillSpendExamples.body),
    response: withResponseExamples(tillOperationSchema, examples.tillSpendExamples.response),
  },
});

export const tillCardPayment = defineEndpoint({
  method: 'POST',
  path: '/api/till/card-payment',
  summary:
    "Pay a cheque with the customer's saved bank card (the visit says `bindingActive`): `bonuses` (optional, within the brand limit and the balance) are spent and the rest is charged to the card through the acquirer; the money paid earns at the point rate (a PAYMENT operation). Answers COMPLETED, DECLINED (bonuses back) or HELD while the bank has not answered (repeat the call). Idempotent by the client key",
  tag: 'till',
  auth: 'till',
  errors: [
    'NO_SAVED_CARD',
    'BANK_UNAVAILABLE',
    'CODE_ALREADY_CHARGED',
    'NOTHING_TO_CHARGE',
    'INSUFFICIENT_BONUSES',
    'SPEND_LIMIT',
    ...VISIT_ERRORS,
    ...COUPON_ERRORS,
  ],
  schemas: {
    body: withBodyExamples(tillChequeBodySchema, examples.tillCardPaymentExamples.body),
    response: withResponseExamples(tillOperationSchema, examples.tillCardPaymentExamples.response),
  },
});

export const tillConfirm = defineEndpoint({
  method: 'POST',
  path: '/api/till/operations/:operationId/confirm',
  summary:
    'Confirm a held spend: the bonuses are spent and the rest of the cheque earns at the point rate (a PAYMENT operation); repeating answers the same. For a held card payment: ask the bank again',
  tag: 'till',
  auth: 'till',
  errors: ['OPERATION_STATE', 'OPERATION_KIND', 'BANK_UNAVAILABLE', 'NOT_FOUND', 'POINT_GONE'],
  schemas: {
    params: operationParams,
    response: withResponseExamples(tillOperationSchema, examples.tillConfirmExamples.response),
  },
});

export const tillCancel = defineEndpoint({
  method: 'POST',
  path: '/api/till/operations/:operationId/cancel',
  summary:
    'Cancel a held spend: the bonuses go back (a held card payment is stopped at the bank first; one the bank already took stays COMPLETED and the cancel is a 409); repeating answers the same',
  tag: 'till',
  auth: 'till',
  errors: ['OPERATION_STATE', 'OPERATION_KIND', 'BANK_UNAVAILABLE', 'NOT_FOUND', 'POINT_GONE'],
  schemas: {
    params: operationParams,
    response: withResponseExamples(tillOperationSchema, examples.tillCancelExamples.response),
  },
});

export const tillRefund = defineEndpoint({
  method: 'POST',
  path: '/api/till/operations/:operationId/refund',
  summary:
    'Refund a completed operation in full: what it spent goes back, what it earned is taken back (409 when those bonuses are already spent), and a card payment is refunded to the card (REFUNDING until the bank confirms: repeat the refund); a second refund answers the same',
  tag: 'till',
  auth: 'till',
  errors: ['EARNED_BONUSES_SPENT', 'OPERATION_STATE', 'BANK_UNAVAILABLE', 'NOT_FOUND'],
  schemas: {
    params: operationParams,
    response: withResponseExamples(tillOperationSchema, examples.tillRefundExamples.response),
  },
});
