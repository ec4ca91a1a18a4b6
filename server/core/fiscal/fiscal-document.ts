import type { VatRate } from '#common/lib/catalogue-vocabulary';
import type { FiscalKind, TaxSystem } from '#common/lib/fiscal-vocabulary';
import {
  PAYMENT_METHOD,
  PAYMENT_OBJECT,
  PAYMENT_TYPE,
  vatOf,
  type PaymentMethod,
  type PaymentObject,
  type PaymentType,
  type Vat,
} from './ffd-tags';
import { discountShares, pricedLines } from './net-lines';

/**
 * A sale as the site knows it, for its receipt (decision 070). Sums in kopecks. `lines` are the goods at their
 * gross sums (after the till's own discounts); `discount` is what comes off them before the money: the bonuses
 * spent (a shop payment) or the buyer's discount (a gift card). `payments` is the money taken, by means.
 */
export interface Sale {
  /** What the money is for: the goods delivered now, or an advance (a gift card sold online). */
  settlement: 'full' | 'advance';
  lines: SaleLine[];
  discount: number;
  /** Each line's share of `discount` where a plan already computed it (decision 061); else spread by sums. */
  discountShares?: number[];
  payments: Partial<Record<PaymentType, number>>;
  client: { email?: string; phone?: string };
}

export interface SaleLine {
  name: string;
  quantityMilli: number;
  sum: number;
  object: PaymentObject;
  /** The line's own rate (the catalogue's), else the brand's default. */
  vat: VatRate | null;
  /** A service (the SMS delivery of a gift card) is settled in full even in an advance's receipt. */
  method?: PaymentMethod;
  /** The shop's code of the goods (the catalogue's SKU), where known: the gateway's cart names its lines by it. */
  code?: string;
  /** The receipt's line number, where the sale has a till's lines: a return by lines finds its positions by it. */
  line?: number;
}

/** The brand's details a receipt carries (tags 1018 INN, 1055 tax system, 1117 e-mail, 1187 address). */
export interface Company {
  inn: string;
  taxSystem: TaxSystem;
  email: string;
  paymentAddress: string;
  defaultVat: VatRate;
}

/** A provider-neutral receipt: each field with the FFD value it stands for. */
export interface FiscalDocument {
  kind: FiscalKind;
  company: Omit<Company, 'defaultVat'>;
  client: { email?: string; phone?: string };
  items: FiscalItem[];
  payments: Array<{ type: PaymentType; atolType: number; sum: number }>;
  total: number;
}

export interface FiscalItem {
  name: string;
  price: number;
  quantity: number;
  sum: number;
  /** Tag 2108 (FFD 1.2): 0 «штука», the measure of every line the site sells. */
  measure: 0;
  paymentMethod: { tag: number; atol: string };
  paymentObject: number;
  vat: Vat;
  /** The line's SKU, where the sale knew it (the gateway's `itemCode`, decision 080). */
  code?: string;
  /** The receipt line it states (decision 086: the gateway's positions mapped back for a return by lines). */
  line?: number;
}

/** An FFD line name is at most 128 characters (tag 1030). */
const NAME_MAX = 128;

/**
 * The receipt of a sale, kopeck-exact: each line net of its share of the discount, the lines adding up to the
 * total, and the total equal to the money taken. Throws when the sale's own figures disagree (a bug upstream:
 * a receipt that does not add up is refused by the provider anyway).
 */
export function fiscalDocumentOf(kind: FiscalKind, sale: Sale, company: Company): FiscalDocument {
  const payments = (Object.keys(PAYMENT_TYPE) as PaymentType[]).flatMap((type) => {
    const sum = sale.payments[type] ?? 0;
    return sum > 0 ? [{ type, atolType: PAYMENT_TYPE[type].atol, sum }] : [];
  });
  const total = payments.reduce((sum, payment) => sum + payment.sum, 0);
  const gross = sale.lines.reduce((sum, line) => sum + line.sum, 0);
  if (total <= 0) throw new Error('a receipt needs money taken');
  if (gross - sale.discount !== total) {
    throw new Error(`lines ${gross} less discount ${sale.discount} are not the money taken ${total}`);
  }
  const shares = discountShares(
    sale.lines.map((line) => line.sum),
    sale.discount,
    sale.discountShares,
  );
  const items = sale.lines.flatMap((line, i) => {
    const method = line.method ?? (sale.settlement === 'advance' ? 'advance' : 'full_payment');
    const net = line.sum - shares[i]!;
    if (net === 0) return []; // paid wholly by bonuses: no money, no line
    return pricedLines({ quantityMilli: line.quantityMilli, sum: net }).map((priced): FiscalItem => ({
      name: line.name.slice(0, NAME_MAX),
      price: priced.price,
      quantity: priced.quantityMilli / 1000,
      sum: priced.sum,
      measure: 0,
      paymentMethod: PAYMENT_METHOD[method],
      paymentObject: PAYMENT_OBJECT[line.object],
      vat: vatOf(line.vat ?? company.defaultVat, method),
      ...(line.code ? { code: line.code } : {}),
      ...(line.line ? { line: line.line } : {}),
    }));
  });
  const details = {
    inn: company.inn,
    taxSystem: company.taxSystem,
    email: company.email,
    paymentAddress: company.paymentAddress,
  };
  return { kind, company: details, client: sale.client, items, payments, total };
}
