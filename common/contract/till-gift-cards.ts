import * as z from './z';
import { defineEndpoint } from './endpoint';
import { withBodyExamples, withResponseExamples } from './examples';
import { paySumSchema } from './loyalty';
import { tillIdempotencyKeySchema } from './till';
import * as examples from './till-examples';

/*
 * Gift cards paid at the till (docs/decisions/018): a card's balance by its code, paying from it, and giving a
 * payment back. The till's own visits and operations are in till.ts.
 */

/** Roubles the server computed, at most 2 decimals. */
const money = z.number();

/** A gift card's code as its page shows it (16 digits, in groups of four; spaces allowed). */
export const giftCardCodeSchema = z
  .string('Код карты: 16 цифр')
  .transform((value) => value.replace(/[\s-]/g, ''))
  .refine((value) => /^\d{16}$/.test(value), 'Код карты: 16 цифр');

export const tillGiftCardSchema = z.strictObject({
  /** '**** **** **** 1234' */
  code: z.string(),
  /** What is left on the card, roubles. */
  balance: money,
  nominal: money,
});

export const tillGiftCardRedemptionSchema = z.strictObject({
  redemptionId: z.string(),
  /** Paid from the card, roubles. */
  amount: money,
  /** The card after this redemption (and after a refund of it, once refunded). */
  card: tillGiftCardSchema,
  refunded: z.boolean(),
  /** ISO 8601. */
  createdAt: z.string(),
});

export const tillGiftCardBalance = defineEndpoint({
  method: 'POST',
  path: '/api/till/gift-cards/balance',
  summary: "A gift card's balance by the code on its page (404 for an unknown code)",
  tag: 'till',
  auth: 'till',
  errors: ['NOT_FOUND'],
  schemas: {
    body: withBodyExamples(
      z.strictObject({ cardCode: giftCardCodeSchema }),
      examples.tillGiftCardBalanceExamples.body,
    ),
    response: withResponseExamples(tillGiftCardSchema, examples.tillGiftCardBalanceExamples.response),
  },
});

export const tillGiftCardRedeem = defineEndpoint({
  method: 'POST',
  path: '/api/till/gift-cards/redeem',
  summary:
    "Pay from a gift card: `amount` leaves the card's balance at once (409 when the card holds less). Idempotent by the client key",
  tag: 'till',
  auth: 'till',
  errors: ['INSUFFICIENT_FUNDS', 'NOT_FOUND', 'GIFT_CARD_BLOCKED'],
  schemas: {
    body: withBodyExamples(
      z.strictObject({
        cardCode: giftCardCodeSchema,
        amount: paySumSchema,
        idempotencyKey: tillIdempotencyKeySchema,
      }),
      examples.tillGiftCardRedeemExamples.body,
    ),
    response: withResponseExamples(
      tillGiftCardRedemptionSchema,
      examples.tillGiftCardRedeemExamples.response,
    ),
  },
});

export const tillGiftCardRefund = defineEndpoint({
  method: 'POST',
  path: '/api/till/gift-cards/redemptions/:redemptionId/refund',
  summary:
    'Give a redemption back to its card in full (only the point that made it); repeating answers the same',
  tag: 'till',
  auth: 'till',
  errors: ['NOT_FOUND'],
  schemas: {
    params: z.strictObject({ redemptionId: z.string().uuid('Неизвестная оплата картой') }),
    response: withResponseExamples(
      tillGiftCardRedemptionSchema,
      examples.tillGiftCardRefundExamples.response,
    ),
  },
});
