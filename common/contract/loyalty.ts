import * as z from './z';
import { checkEmail, DEFAULT_MAX_LENGTH, VALIDATION_MESSAGES } from '../lib/validation';
import { phoneSchema } from './auth';
import { defineEndpoint } from './endpoint';
import { fiscalReceiptLinkSchema } from './fiscal-receipts';
import { giftCardSummarySchema } from './gift-cards';
import { COUPON_ERRORS, couponCodeSchema, tillCouponSchema } from './coupons';
import { appliedRuleSchema } from './programme';
import { receiptLineFiguresSchema } from './receipt';
import {
  draftIdSchema,
  draftStateSchema,
  paymentStatusSchema,
  paySumSchema,
  payTypeSchema,
  productTypeSchema,
} from './payment-vocabulary';

export * from './payment-vocabulary';

/**
 * Paying at a retail point (spec sections 3 "Loyalty payment", 4 "Payment flow", 7 loyalty calls, 8, 9) and
 * docs/decisions/009-payments-drafts-and-acquirer.md. Money crosses the API in roubles with at most 2 decimals
 * (1 bonus = 1 rouble); the server keeps integer kopecks and does every sum. `status` 0 means success.
 */

/** Roubles (or bonuses) the server computed, at most 2 decimals. */
const money = z.number();

const email = z
  .string()
  .trim()
  .max(DEFAULT_MAX_LENGTH, VALIDATION_MESSAGES.maxLength)
  .refine((value) => value !== '' && checkEmail(value) === null, VALIDATION_MESSAGES.email);

export const accountChangeSchema = z.strictObject({
  /**
   * GLOBAL: bonuses; EXTRA: the money-like balance (certificates, gift value: decision 023), spent first and
   * never earned by a payment (its `earn` is always 0).
   */
  type: z.enum(['GLOBAL', 'EXTRA']),
  /** Credited when the payment completes (the earn rules over the money paid: the point's `currentBonus`% and the campaigns), roubles. */
  earn: money,
  /** Taken from the balance by this payment, roubles. */
  spend: money,
});
export type AccountChange = z.output<typeof accountChangeSchema>;

export const draftSchema = z.strictObject({
  draftId: z.string(),
  state: draftStateSchema,
  productType: productTypeSchema,
  payType: payTypeSchema,
  retailPointId: z.number().int(),
  title: z.string(),
  /** The cheque sum, roubles. */
  paySum: money,
  spendBonus: z.boolean(),
  /** Whether the money-like balance is spent (off for IN_RETAIL_POINT and gift cards). */
  spendExtra: z.boolean(),
  accountChanges: z.array(accountChangeSchema),
  /** What the bank (or the till) still takes after the money-like balance and bonuses, roubles. */
  leftToPay: money,
  /** The earn rules that applied to what it earns (decision 027); empty when it earns nothing. */
  earnRules: z.array(appliedRuleSchema),
  /**
   * A payment of a till's receipt (decision 069): each line with its limit, its share of the bonuses and its
   * earn. Absent for a sum-only payment.
   */
  lines: z.array(receiptLineFiguresSchema).optional(),
  /** The till's receipt it pays (decision 069); absent for a sum-only payment. */
  receiptId: z.string().optional(),
  /**
   * The promo code it holds and what it gives (decision 071): `discount` is off `paySum` before anything else
   * (so `leftToPay` is less by it), `bonuses` are in GLOBAL `earn`. Absent without a code.
   */
  coupon: tillCouponSchema.optional(),
});
export type Draft = z.output<typeof draftSchema>;

export const createDraftBodySchema = z.strictObject({
  productType: productTypeSchema.default('PAYMENT'),
  paySum: paySumSchema,
  payType: payTypeSchema.default('CARD'),
  /** Spend bonuses (up to the brand's limit and the balance); ignored (off) for IN_RETAIL_POINT. */
  spendBonus: z.boolean().default(true),
  /**
   * Spend the money-like balance (certificates, gift value) first, as far as it goes (decision 023); ignored
   * (off) for IN_RETAIL_POINT and GIFT_CARD. Bonuses then pay within `maxSpendPercent` of what is left.
   */
  spendExtra: z.boolean().default(true),
  /** What the cheque says; the point's title when empty. */
  title: z.string().trim().max(200, VALIDATION_MESSAGES.maxLength).default(''),
  retailPointId: z.coerce
    .number()
    .int()
    .positive('Неизвестная точка')
    .max(2 ** 31 - 1),
  /** Free text for the point (an order number, a table). */
  additionalInfo: z.string().trim().max(DEFAULT_MAX_LENGTH, VALIDATION_MESSAGES.maxLength).default(''),
  /** Gift cards: the delivery method id; ignored for PAYMENT (a GIFT_CARD draft takes its order's). */
  deliveryId: z.string().max(40).nullable().default(null),
  /**
   * GIFT_CARD only, and required there: the order from `/api/gc/create` (decision 017). `paySum` must equal
   * the order's bill; bonuses are never spent on gift cards, and the draft earns none.
   */
  giftCardOrderId: z.string().uuid('Неизвестный заказ').optional(),
  /**
   * Reuse: the draft this page already created. While it is still `created` it is recomputed with these
   * values (the spend toggle, the pay type) and the same id is answered; otherwise a 409.
   */
  draftId: draftIdSchema.optional(),
  /** Idempotency: the same key (a UUID the page makes once) answers the same draft, never a second one. */
  idempotencyKey: z.string().uuid('idempotencyKey: UUID').optional(),
  /**
   * The till's receipt this payment pays (the QR's `r`, decision 069): it must be this point's, for exactly
   * `paySum`, not past its time and not paid. Its lines set the bonus limit and the earn; the server reads
   * them from the receipt the till registered, never from this call.
   */
  receiptId: z.string().uuid('Неизвестный чек').optional(),
  /**
   * A promo code the customer typed (decision 071), as the till takes it: checked, its discount or extra
   * bonuses computed here, and held for this draft until it is paid (used) or fails or expires (released).
   * Not for GIFT_CARD or IN_RETAIL_POINT. Leaving it out of a recompute lets go of the code held before.
   */
  coupon: couponCodeSchema.optional(),
});
export type CreateDraftBody = z.input<typeof createDraftBodySchema>;

export const createDraft = defineEndpoint({
  method: 'POST',
  path: '/api/loyalty/createDraft',
  summary: 'Create (or recompute) a payment draft: what bonuses pay, what is earned, what is left to pay',
  tag: 'loyalty',
  auth: 'user',
  temporaryPayer: true,
  errors: [
    'NOT_FOUND',
    'DRAFT_STARTED',
    'PAY_TYPE_NOT_ALLOWED',
    'ORDER_IN_PAYMENT',
    'ORDER_PAID',
    'ORDER_BY_INVOICE',
    'CARD_LOCKED',
    'RECEIPT_MISMATCH',
    'RECEIPT_EXPIRED',
    'RECEIPT_PAID',
    'TOO_MANY_REQUESTS',
    ...COUPON_ERRORS,
  ],
  schemas: { body: createDraftBodySchema, response: z.strictObject({ data: draftSchema }) },
});

export const paymentResultSchema = z.strictObject({
  /** 0 success, 1 waiting for the payment, 2 failed, 3 expired (PAYMENT_STATUS). */
  status: paymentStatusSchema,
  draftId: z.string(),
  state: draftStateSchema,
  /** Where to send the customer to pay (hosted card page, or the SBP payload link); null when nothing to pay. */
  formUrl: z.string().nullable(),
  /** The code the customer shows at the till (set once the payment succeeded). */
  confirmationCode: z.string().nullable(),
  /** The cheque page, once paid. */
  chequeUrl: z.string().nullable(),
  /** The bank's or our reason when `status` is 2 or 3 (shown on the loyalty error screen). */
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  /** Bonuses spent and earned by this payment, roubles (earn is credited on completion). */
  spent: money,
  /** What the money-like balance paid, roubles (decision 023). */
  spentExtra: money,
  earned: money,
  paySum: money,
  leftToPay: money,
  /** GIFT_CARD drafts: the order this payment buys (decision 017); always null for PAYMENT. */
  giftCard: giftCardSummarySchema.nullable(),
  /** The earn rules that applied to what it earns (decision 027); empty when it earns nothing. */
  earnRules: z.array(appliedRuleSchema),
  /** A payment of a till's receipt: its lines as the draft computed them (decision 069); absent otherwise. */
  lines: z.array(receiptLineFiguresSchema).optional(),
  /** The promo code the payment used or holds (decision 071); absent without one. */
  coupon: tillCouponSchema.optional(),
  /** A completed payment the site fiscalises (decision 070): its receipt's state and link; absent otherwise. */
  fiscalReceipt: fiscalReceiptLinkSchema.optional(),
});
export type PaymentResult = z.output<typeof paymentResultSchema>;

export const processDraftBodySchema = z.strictObject({
  draftId: draftIdSchema,
  /** Apple Pay / Google Pay token (base64); not accepted by the sandbox acquirer yet (400). */
  paymentToken: z
    .string()
    .max(20_000)
    .regex(/^[A-Za-z0-9+/=_-]+$/, 'paymentToken: base64')
    .optional(),
  /** Where the cheque goes, if given. */
  email: email.optional(),
  /** Save the card on the hosted page (a binding). */
  createBinding: z.boolean().default(false),
  /** Pay the rest with this saved card (`getExtraPayment`'s bindingId) instead of the hosted page; CARD only. */
  bindingId: z.string().min(1, 'Неизвестная карта').max(100, 'Неизвестная карта').optional(),
  /** Where the bank sends the customer back: must be on this site's own origin (PUBLIC_URL). */
  returnUrl: z.string().url('returnUrl: адрес').max(2000),
  /**
   * Gift cards: accepted for the spec's call shape and ignored; the order (`/api/gc/create`) fixed the
   * congratulation, the recipients and the picture (decision 017). Ignored for PAYMENT.
   */
  congratulation: z.string().max(DEFAULT_MAX_LENGTH).optional(),
  receiverPhone: phoneSchema.optional(),
  imageUrl: z.string().max(2000).optional(),
});

export const processDraft = defineEndpoint({
  method: 'POST',
  path: '/api/loyalty/processDraft',
  summary:
    'Pay a draft: bonuses go on hold and the bank order is registered (formUrl), or, when bonuses cover it all, it completes at once. Idempotent per draft.',
  tag: 'loyalty',
  auth: 'user',
  temporaryPayer: true,
  errors: [
    'NOT_FOUND',
    'BANK_UNAVAILABLE',
    'INSUFFICIENT_FUNDS',
    'PAY_TYPE_NOT_ALLOWED',
    'PAYMENT_METHOD_UNAVAILABLE',
    'RECEIPT_EXPIRED',
    'RECEIPT_PAID',
    'COUPON_EXPIRED',
  ],
  schemas: { body: processDraftBodySchema, response: z.strictObject({ data: paymentResultSchema }) },
});

export const completeDraft = defineEndpoint({
  method: 'POST',
  path: '/api/loyalty/completeDraft',
  summary:
    "The finish step: asks the acquirer for the order's status (never trusts the return), then posts the hold and credits the earn once",
  tag: 'loyalty',
  auth: 'user',
  temporaryPayer: true,
  errors: ['NOT_FOUND', 'BANK_UNAVAILABLE'],
  schemas: {
    body: z.strictObject({ draftId: draftIdSchema }),
    response: z.strictObject({ data: paymentResultSchema }),
  },
});

export const sendCheque = defineEndpoint({
  method: 'POST',
  path: '/api/loyalty/sendCheque',
  summary:
    'E-mail the cheque of a payment paid on the site (the console outbox in development: GET /api/dev/mail); at most 3 requests a draft and 10 a payer a day',
  tag: 'loyalty',
  auth: 'user',
  temporaryPayer: true,
  errors: ['NOT_FOUND', 'CHEQUE_NOT_READY', 'TOO_MANY_REQUESTS'],
  schemas: {
    body: z.strictObject({ draftId: draftIdSchema, email }),
    response: z.strictObject({ code: z.literal(0) }),
  },
});

/**
 * `POST /api/payment` (the old payment page `/loyalty/oldpayment`, QR version 1): a one-step card payment
 * without bonuses. `token` is the retail point's id as the old QR carries it; the server creates and processes
 * a PAYMENT draft (spendBonus off, payType CARD) and answers the hosted page. `needSmsConfirm` is always false
 * (the hosted page does 3-D Secure itself); `certificate` is null (a point payment buys none).
 */
export const oldPayment = defineEndpoint({
  method: 'POST',
  path: '/api/payment',
  summary: 'Old-style one-step card payment at a point (no bonuses): answers the hosted card page',
  tag: 'loyalty',
  auth: 'user',
  temporaryPayer: true,
  errors: ['NOT_FOUND', 'BANK_UNAVAILABLE', 'TOO_MANY_REQUESTS'],
  schemas: {
    body: z.strictObject({
      token: z
        .string()
        .regex(/^\d{1,10}$/, 'Неизвестная точка')
        .refine((v) => Number(v) <= 2 ** 31 - 1, 'Неизвестная точка'),
      paySum: paySumSchema,
    }),
    response: z.strictObject({
      data: z.strictObject({
        formUrl: z.string(),
        needSmsConfirm: z.boolean(),
        certificate: z.null(),
        draftId: z.string(),
      }),
    }),
  },
});
