import { FISCAL_MODES } from '../lib/fiscal-vocabulary';
import { defineEndpoint } from './endpoint';
import { withResponseExamples, type Examples } from './examples';
import * as z from './z';

/**
 * What the shop's own cash register must print for a payment taken on the site (decision 086), beside what the
 * site's receipt (the bank's fiscal partner, or the cloud till) already states. In the `till` mode the register
 * prints the whole payment; in the `gateway` mode the bank's receipt states the card money only, and the register
 * prints the money-like balance's part, the settlement of an advance fiscalised when the certificate or gift
 * card was sold (decision 023): «полный расчёт» (tag 1214 = 4) paid by «предварительная оплата (зачёт аванса)»
 * (tag 1215). Sums in roubles, each line net of the bonuses and of what the site's receipt states of it.
 */
export const registerReceiptSchema = z.strictObject({
  /** «приход» for the payment, «возврат прихода» for a return (tag 1054: 1 and 2). */
  kind: z.enum(['sell', 'sell_refund']),
  /** Tag 1214: 4, «полный расчёт» (the goods are handed over now). */
  paymentMethod: z.literal(4),
  lines: z.array(
    z.strictObject({
      /** The receipt's line number, as the till registered it. */
      line: z.number(),
      name: z.string(),
      quantity: z.number(),
      /** The line's money on this receipt. */
      sum: z.number(),
    }),
  ),
  /** By means of payment: «безналичными» (tag 1081) and «предварительной оплатой (зачёт аванса)» (tag 1215). */
  electronic: z.number(),
  prepaid: z.number(),
  total: z.number(),
});
export type RegisterReceipt = z.output<typeof registerReceiptSchema>;

/** Who fiscalises a payment taken on the site, and what is left to the shop's register. */
export const paymentFiscalSchema = z.strictObject({
  /** The brand's fiscal mode when the payment was made (decision 070). */
  mode: z.enum(FISCAL_MODES),
  /** The roubles the site's receipt states: the bank's (`gateway`) or the cloud till's (`cloud`); 0 in `till`. */
  issuedBySite: z.number(),
  /** What the register prints; null when nothing is left to it. */
  register: registerReceiptSchema.nullable(),
});
export type PaymentFiscal = z.output<typeof paymentFiscalSchema>;

/** A receipt the till registered for a payment on the site (decision 069): whether it is paid, and how. */
export const tillPaymentReceiptStateSchema = z.strictObject({
  receiptId: z.string(),
  /** The cheque, roubles, as registered. */
  sum: z.number(),
  /** Paid on the site: the payment completed. */
  paid: z.boolean(),
  /** How it was paid, roubles: bonuses (a discount), the money-like balance, the bank (card or SBP). */
  bonuses: z.number(),
  balance: z.number(),
  bank: z.number(),
  /** Once paid on the site: who fiscalises it and what the register prints (decision 086); null otherwise. */
  fiscal: paymentFiscalSchema.nullable(),
});
export type TillPaymentReceiptState = z.output<typeof tillPaymentReceiptStateSchema>;

const RECEIPT_ID = '6e0c4a8b-2f17-4d53-9a6e-1b3c5d7f9e20';

const stateExamples = {
  response: {
    gateway: {
      summary:
        'Paid in the gateway mode: the bank’s receipt states the card’s 926.85 ₽; the register prints the certificate balance’s 30 ₽ as «зачёт аванса», per line',
      value: {
        receiptId: RECEIPT_ID,
        sum: 1056.85,
        paid: true,
        bonuses: 100,
        balance: 30,
        bank: 926.85,
        fiscal: {
          mode: 'gateway',
          issuedBySite: 926.85,
          register: {
            kind: 'sell',
            paymentMethod: 4,
            lines: [
              { line: 1, name: 'Капучино 300 мл', quantity: 2, sum: 12.41 },
              { line: 3, name: 'Багет', quantity: 1, sum: 17.59 },
            ],
            electronic: 0,
            prepaid: 30,
            total: 30,
          },
        },
      },
    },
    unpaid: {
      summary: 'Not paid yet: the customer has not finished on the site',
      value: {
        receiptId: RECEIPT_ID,
        sum: 1056.85,
        paid: false,
        bonuses: 0,
        balance: 0,
        bank: 0,
        fiscal: null,
      },
    },
  } satisfies Examples<TillPaymentReceiptState>,
};

export const tillPaymentReceiptState = defineEndpoint({
  method: 'GET',
  path: '/api/till/payment-receipts/:receiptId',
  summary:
    "A receipt registered for a payment on the site (POST /api/till/payment-receipt), at its point: whether it is paid, by what (bonuses, the money-like balance, the bank), and what the shop's register prints of it: in the `till` fiscal mode the whole receipt (paid electronically and by the advance offset); in the `gateway` mode the bank's receipt states the card money and the register prints the balance's part as «зачёт аванса» (full settlement, tag 1215), line by line; in the `cloud` mode nothing",
  tag: 'till',
  auth: 'till',
  errors: ['NOT_FOUND', 'OPERATION_STATE'],
  schemas: {
    params: z.strictObject({ receiptId: z.string().uuid('Неизвестный чек') }),
    response: withResponseExamples(tillPaymentReceiptStateSchema, stateExamples.response),
  },
});
