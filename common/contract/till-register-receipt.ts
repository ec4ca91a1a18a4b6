import { FISCAL_MODES } from '../lib/fiscal-vocabulary';
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
