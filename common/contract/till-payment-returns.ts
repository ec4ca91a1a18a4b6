import { defineEndpoint } from './endpoint';
import { withBodyExamples, withResponseExamples, type Examples } from './examples';
import { returnedLineSchema, tillReturnBodySchema, type TillReturnItem } from './till-returns';
import { paymentFiscalSchema } from './till-register-receipt';
import * as z from './z';

/** A till's receipt paid on the site (decision 069), returned by lines at the till (decision 084). */

export const tillPaymentReturnSchema = z.strictObject({
  receiptId: z.string(),
  idempotencyKey: z.string(),
  lines: z.array(
    returnedLineSchema.extend({
      /** The line's money going back: to the card (or SBP) and to the money-like balance (roubles). */
      refundedToCard: z.number(),
      refundedToBalance: z.number(),
    }),
  ),
  bonusesTakenBack: z.number(),
  bonusesGivenBack: z.number(),
  /** Earned bonuses the customer no longer had, kept from the money going back (roubles). */
  withheld: z.number(),
  /** Roubles sent back to the card or SBP account that paid (the answer comes once the bank confirmed it). */
  refundedToCard: z.number(),
  /** Roubles back to the customer's money-like balance (certificates, gift value) that paid (decision 023). */
  refundedToBalance: z.number(),
  /**
   * Where the bank's fiscal partner issued the payment's receipt (the `gateway` mode, decision 086): the card's
   * part of the refund receipt is the bank's (`issuedBySite`), and `register` is the balance's part the shop's
   * register prints, «возврат прихода» paid by the advance offset. Absent otherwise.
   */
  fiscal: paymentFiscalSchema.optional(),
});
export type TillPaymentReturn = z.infer<typeof tillPaymentReturnSchema>;

/**
 * The baguette of the POS guide's receipt paid on the site (89.90 ₽; 44.95 ₽ of bonuses on it, 3 % earned on the
 * rest; the certificate balance paid 30 ₽ of the receipt's money, 5.18 ₽ of it the baguette's share).
 */
const paymentReturnExamples = {
  body: {
    bySku: {
      summary: 'The baguette comes back, named by its SKU',
      value: {
        items: [{ sku: '10003', quantity: 1 }] satisfies TillReturnItem[],
        idempotencyKey: 'ret-000330-1',
      },
    },
  },
  response: {
    returned: {
      summary:
        'Its bonuses back, its earn taken back; its money back to the certificate balance and to the card, in the proportion the payment took them',
      value: {
        receiptId: '0b6f2c1e-5d7a-4f1e-9c3b-2a8d6e4f1b90',
        idempotencyKey: 'ret-000330-1',
        lines: [
          {
            line: 1,
            quantity: 1,
            bonusesTakenBack: 1.34,
            bonusesGivenBack: 44.95,
            withheld: 0,
            refundedToCard: 39.77,
            refundedToBalance: 5.18,
          },
        ],
        bonusesTakenBack: 1.34,
        bonusesGivenBack: 44.95,
        withheld: 0,
        refundedToCard: 39.77,
        refundedToBalance: 5.18,
      },
    },
  } satisfies Examples<TillPaymentReturn>,
};

export const tillPaymentReceiptReturn = defineEndpoint({
  method: 'POST',
  path: '/api/till/payment-receipts/:receiptId/return',
  summary:
    "Return some lines of a receipt the customer paid on the site (the receipt's id from POST /api/till/payment-receipt), at the receipt's point: as a till operation's return, each line's share of the bonuses spent on it goes back and its share of the earn is taken back (what the customer no longer has is `withheld` from the money), and the lines' share of the money goes back the way it came: to the card or SBP by a partial refund at the bank (`refundedToCard`), to the money-like balance (`refundedToBalance`). The till refunds no money itself. Idempotent by `idempotencyKey`; when the bank does not confirm, the answer is 503 and the same call with the same key finishes it, never refunding twice",
  tag: 'till',
  auth: 'till',
  errors: [
    'RETURN_INVALID',
    'OPERATION_STATE',
    'OPERATION_KIND',
    'IDEMPOTENCY_KEY_REUSED',
    'BANK_UNAVAILABLE',
    'NOT_FOUND',
  ],
  schemas: {
    params: z.strictObject({ receiptId: z.string().uuid('Неизвестный чек') }),
    body: withBodyExamples(tillReturnBodySchema, paymentReturnExamples.body),
    response: withResponseExamples(tillPaymentReturnSchema, paymentReturnExamples.response),
  },
});
