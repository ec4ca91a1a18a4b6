import type { VatRate } from '#common/lib/catalogue-vocabulary';

/**
 * The FFD 1.2 values the site's receipts use (decision 070's tables), with ATOL Online v5's names for them.
 * The numbers are the tags' values as the fiscal drive records them; a provider maps from here.
 */

/** Tag 1214, «признак способа расчёта». */
export const PAYMENT_METHOD = {
  advance: { tag: 3, atol: 'advance' },
  full_payment: { tag: 4, atol: 'full_payment' },
} as const;
export type PaymentMethod = keyof typeof PAYMENT_METHOD;

/** Tag 1212, «признак предмета расчёта» (ATOL v5 takes the number). */
export const PAYMENT_OBJECT = { commodity: 1, service: 4, payment: 10 } as const;
export type PaymentObject = keyof typeof PAYMENT_OBJECT;

/** Means of payment: ATOL's `payments[].type` and the FFD sum tag it fills. */
export const PAYMENT_TYPE = {
  /** «безналичными» (tag 1081): the card or SBP money the bank took. */
  electronic: { atol: 1, tag: 1081 },
  /** «предварительной оплатой (зачёт аванса)» (tag 1215): the money-like balance, already fiscalised as an advance. */
  prepaid: { atol: 2, tag: 1215 },
} as const;
export type PaymentType = keyof typeof PAYMENT_TYPE;

/** A VAT as ATOL names it, with its tag 1199 value. */
export interface Vat {
  type: string;
  tag: number;
}

/** A line's VAT for goods delivered now (full settlement). */
const SETTLEMENT_VAT: Record<VatRate, Vat> = {
  VAT20: { type: 'vat20', tag: 1 },
  VAT10: { type: 'vat10', tag: 2 },
  VAT0: { type: 'vat0', tag: 5 },
  NONE: { type: 'none', tag: 6 },
  VAT5: { type: 'vat5', tag: 7 },
  VAT7: { type: 'vat7', tag: 8 },
  VAT22: { type: 'vat22', tag: 11 },
};

/** An advance's VAT: the computed rate (tax inside the sum), since the goods are not yet known. */
const ADVANCE_VAT: Record<VatRate, Vat> = {
  VAT20: { type: 'vat120', tag: 3 },
  VAT10: { type: 'vat110', tag: 4 },
  VAT0: { type: 'vat0', tag: 5 },
  NONE: { type: 'none', tag: 6 },
  VAT5: { type: 'vat105', tag: 9 },
  VAT7: { type: 'vat107', tag: 10 },
  VAT22: { type: 'vat122', tag: 12 },
};

export const vatOf = (rate: VatRate, method: PaymentMethod): Vat =>
  (method === 'advance' ? ADVANCE_VAT : SETTLEMENT_VAT)[rate];
