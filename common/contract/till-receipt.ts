import { COUPON_ERRORS, couponCodeSchema, tillCouponSchema } from './coupons';
import { defineEndpoint } from './endpoint';
import { withBodyExamples, withResponseExamples } from './examples';
import { paySumSchema } from './loyalty';
import { appliedRuleSchema } from './programme';
import { checkReceipt, receiptItemsSchema, receiptLineFiguresSchema } from './receipt';
import { memberCodeSchema, tillIdempotencyKeySchema, tillOperationSchema } from './till';
import {
  tillLateAccrueExamples,
  tillPaymentReceiptExamples,
  tillPreviewExamples,
} from './till-receipt-examples';
import * as z from './z';

/**
 * The till's look at a receipt before it closes the cheque (issue 29, decision 061): what each line may take
 * in bonuses and would earn, for the bonuses the customer means to spend. Changes nothing.
 */
export const tillPreviewSchema = z.strictObject({
  /** The cheque, roubles. */
  sum: z.number(),
  /** The most bonuses this cheque can take now: the lines' limits together, within the customer's balance. */
  maxBonuses: z.number(),
  /** The bonuses the figures assume (`bonuses` as asked; 0 when left out). */
  bonuses: z.number(),
  /** What the cheque would earn with those bonuses spent. */
  earned: z.number(),
  earnRules: z.array(appliedRuleSchema),
  /** The rate applied over the money paid, percent; null when nothing would be paid in money. */
  earnRate: z.number().nullable(),
  /** Per line (null for a sum-only cheque): its limit, its share of the bonuses, its net sum and its earn. */
  lines: z.array(receiptLineFiguresSchema).nullable(),
  /**
   * What the `coupon` sent does (decision 064): its discount, per line too, and its extra bonuses; the figures
   * above are for the cheque less that discount (`sum` included). Absent without a coupon.
   */
  coupon: tillCouponSchema.optional(),
});
export type TillPreview = z.output<typeof tillPreviewSchema>;

export const tillPreview = defineEndpoint({
  method: 'POST',
  path: '/api/till/preview',
  summary:
    'Preview a cheque before closing it: the most bonuses it can take (per line when `items` are sent), how `bonuses` would spread over the lines as discounts, and what each line would earn. Changes nothing but a `coupon` sent, which is held for the visit',
  tag: 'till',
  auth: 'till',
  errors: ['SPEND_LIMIT', 'INSUFFICIENT_BONUSES', 'NOT_FOUND', 'VISIT_ENDED', 'POINT_GONE', ...COUPON_ERRORS],
  schemas: {
    body: withBodyExamples(
      z
        .strictObject({
          visitId: z.string().uuid('Неизвестный визит'),
          sum: paySumSchema,
          /** Bonuses the customer means to spend, roubles; left out: none. */
          bonuses: paySumSchema.optional(),
          items: receiptItemsSchema.optional(),
          /** A coupon or promo code: checked and held for this visit (released if the cheque never closes). */
          coupon: couponCodeSchema.optional(),
        })
        .superRefine(checkReceipt),
      tillPreviewExamples.body,
    ),
    response: withResponseExamples(tillPreviewSchema, tillPreviewExamples.response),
  },
});

/** The till's own number of a receipt: what makes a late receipt idempotent at its point. */
export const receiptNoSchema = z
  .string('receiptNo: строка')
  .regex(/^[A-Za-z0-9_.:/-]{1,64}$/, 'receiptNo: от 1 до 64 латинских букв, цифр или знаков _ . : / -');

export const tillLateAccrue = defineEndpoint({
  method: 'POST',
  path: '/api/till/late-accrue',
  summary:
    "A receipt a till kept through an outage, sent later: the member code as it was scanned, the receipt's own time (at most `lateAccrualDays` ago) and its number. It earns by the rules and the member's level of that time, and is idempotent by the point and `receiptNo`",
  tag: 'till',
  auth: 'till',
  errors: [
    'RECEIPT_TOO_LATE',
    'RECEIPT_TIME',
    'CODE_EXPIRED',
    'CODE_USED',
    'CARD_LOCKED',
    'IDEMPOTENCY_KEY_REUSED',
    'POINT_GONE',
    'TOO_MANY_REQUESTS',
  ],
  schemas: {
    body: withBodyExamples(
      z
        .strictObject({
          /** The member code as the till scanned it then (it is checked against `occurredAt`). */
          code: memberCodeSchema,
          /** When the receipt was closed, ISO 8601 with its offset. */
          occurredAt: z.string().datetime({ offset: true, message: 'occurredAt: дата и время ISO 8601' }),
          receiptNo: receiptNoSchema,
          sum: paySumSchema,
          items: receiptItemsSchema.optional(),
        })
        .superRefine(checkReceipt),
      tillLateAccrueExamples.body,
    ),
    response: withResponseExamples(tillOperationSchema, tillLateAccrueExamples.response),
  },
});

/** The minutes a receipt registered for a site payment stays payable (decision 069). */
export const PAYMENT_RECEIPT_MINUTES = 30;

/** What the till gets back for a receipt it registered for a payment on the site. */
export const tillPaymentReceiptSchema = z.strictObject({
  receiptId: z.string(),
  /** The cheque, roubles, as registered. */
  sum: z.number(),
  /** Until when the customer can pay it, ISO 8601. */
  expiresAt: z.string(),
  /** The address the QR carries: the point's payment page with the sum and this receipt. */
  paymentUrl: z.string(),
});
export type TillPaymentReceipt = z.output<typeof tillPaymentReceiptSchema>;

export const tillPaymentReceipt = defineEndpoint({
  method: 'POST',
  path: '/api/till/payment-receipt',
  summary: `Register a receipt for the customer to pay on the site (decision 069): the till's point, the sum and its lines. Answers the receipt's id and the payment address for the QR (the point, the sum, the receipt), payable for ${PAYMENT_RECEIPT_MINUTES} minutes. Idempotent by the till's key`,
  tag: 'till',
  auth: 'till',
  errors: ['IDEMPOTENCY_KEY_REUSED', 'POINT_GONE', 'TOO_MANY_REQUESTS'],
  schemas: {
    body: withBodyExamples(
      z
        .strictObject({
          idempotencyKey: tillIdempotencyKeySchema,
          sum: paySumSchema,
          items: receiptItemsSchema,
        })
        .superRefine(checkReceipt),
      tillPaymentReceiptExamples.body,
    ),
    response: withResponseExamples(tillPaymentReceiptSchema, tillPaymentReceiptExamples.response),
  },
});
