import { defineEndpoint } from './endpoint';
import { withBodyExamples, withResponseExamples, type Examples } from './examples';
import { receiptLineFiguresSchema } from './receipt';
import { tillReturnedSchema } from './till';
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

/** A registered receipt as its point's till sees it: paid or not, its paid lines, what came back of them. */
export const tillPaymentReceiptViewSchema = z.strictObject({
  receiptId: z.string(),
  /** The cheque, roubles. */
  sum: z.number(),
  /**
   * `AWAITING`: not paid yet, still payable; `EXPIRED`: not paid and no longer payable; `PAID`: paid on the site
   * (its lines return through `…/return`); `PAID_AT_TILL`: the customer chose to pay at the till (return it as
   * the till's operation).
   */
  state: z.enum(['AWAITING', 'EXPIRED', 'PAID', 'PAID_AT_TILL']),
  /** ISO 8601: until when it is payable. */
  expiresAt: z.string(),
  /** How the bank's part was paid (`PAID`): the card or the SBP account its money goes back to; null otherwise. */
  paidBy: z.enum(['CARD', 'SBP_QR']).nullable(),
  /** How it was paid, roubles: bonuses (a discount), the money-like balance, the bank (card or SBP); 0 unpaid. */
  bonuses: z.number(),
  balance: z.number(),
  bank: z.number(),
  /**
   * Once paid on the site: who fiscalises it and what the shop's register prints (decision 086): in the `till`
   * mode the whole receipt, in the `gateway` mode the balance's part as «зачёт аванса», in the `cloud` mode
   * nothing; null otherwise.
   */
  fiscal: paymentFiscalSchema.nullable(),
  /** The paid lines with their bonuses (`PAID`); null before. */
  lines: z.array(receiptLineFiguresSchema).nullable(),
  /** What came back of them (`refundedToCard` the bank's part, never null here); absent when nothing did. */
  returned: tillReturnedSchema
    .extend({
      /** Roubles back to the customer's money-like balance. */
      refundedToBalance: z.number(),
    })
    .optional(),
});
export type TillPaymentReceiptView = z.infer<typeof tillPaymentReceiptViewSchema>;

/** The POS guide's receipt paid on the site by card, its baguette returned (the answer above). */
const paymentReceiptViewExamples = {
  response: {
    partlyReturned: {
      summary: 'Paid on the site by card; the baguette came back, the coffee is left to return',
      value: {
        receiptId: '0b6f2c1e-5d7a-4f1e-9c3b-2a8d6e4f1b90',
        sum: 309.9,
        state: 'PAID',
        expiresAt: '2026-11-30T09:30:00.000Z',
        paidBy: 'CARD',
        bonuses: 44.95,
        balance: 30.53,
        bank: 234.42,
        fiscal: {
          mode: 'till',
          issuedBySite: 0,
          register: {
            kind: 'sell',
            paymentMethod: 4,
            lines: [
              { line: 1, name: 'Багет французский', quantity: 1, sum: 44.95 },
              { line: 2, name: 'Капучино, 300 мл', quantity: 1, sum: 220 },
            ],
            electronic: 234.42,
            prepaid: 30.53,
            total: 264.95,
          },
        },
        lines: [
          {
            line: 1,
            sku: '10003',
            name: 'Багет французский',
            quantity: 1,
            sum: 89.9,
            maxBonuses: 44.95,
            bonuses: 44.95,
            net: 44.95,
            earned: 1.34,
            legalGroup: null,
          },
          {
            line: 2,
            sku: '20001',
            name: 'Капучино, 300 мл',
            quantity: 1,
            sum: 220,
            maxBonuses: 110,
            bonuses: 0,
            net: 220,
            earned: 6.6,
            legalGroup: null,
          },
        ],
        returned: {
          lines: [{ line: 1, quantity: 1 }],
          bonusesTakenBack: 1.34,
          bonusesGivenBack: 44.95,
          withheld: 0,
          refundedToCard: 39.77,
          pending: null,
          refundedToBalance: 5.18,
        },
      },
    },
  } satisfies Examples<TillPaymentReceiptView>,
};

export const tillPaymentReceiptShow = defineEndpoint({
  method: 'GET',
  path: '/api/till/payment-receipts/:receiptId',
  summary:
    "A receipt the till registered for a payment on the site (decision 069), at its point: whether it is paid, by what (bonuses, the money-like balance, the bank), its paid lines with their bonuses, what came back of them by returns (decision 084), so a till offers only what is left to return, and what the shop's register prints of it (decision 086): in the `till` fiscal mode the whole receipt (paid electronically and by the advance offset); in the `gateway` mode the bank's receipt states the card money and the register prints the balance's part as «зачёт аванса» (full settlement, tag 1215), line by line; in the `cloud` mode nothing",
  tag: 'till',
  auth: 'till',
  errors: ['NOT_FOUND', 'OPERATION_STATE'],
  schemas: {
    params: z.strictObject({ receiptId: z.string().uuid('Неизвестный чек') }),
    response: withResponseExamples(tillPaymentReceiptViewSchema, paymentReceiptViewExamples.response),
  },
});
