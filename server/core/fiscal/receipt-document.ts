import type { BrandSettings } from '#common/contract/header';
import type { FiscalKind } from '#common/lib/fiscal-vocabulary';
import { fiscalDocumentOf, type Company, type Sale } from './fiscal-document';

/**
 * The receipt's document, or null when no money was taken. A sale whose lines do not add up to the money (a bug
 * upstream) must still neither block its settlement, which runs in the same transaction, nor go without a
 * receipt: it is issued as one «платёж» line of the money, with the reason kept for the operator.
 */
export function receiptDocumentOf(kind: FiscalKind, given: Sale, company: Company) {
  const total = Object.values(given.payments).reduce((sum, part) => sum + (part ?? 0), 0);
  if (total <= 0) return null;
  try {
    return { document: fiscalDocumentOf(kind, given, company), problem: null };
  } catch (error) {
    const line = {
      name: 'Оплата покупки',
      quantityMilli: 1000,
      sum: total,
      object: 'payment' as const,
      vat: null,
    };
    const sale = { ...given, lines: [line], discount: 0, discountShares: undefined };
    const reason = error instanceof Error ? error.message : String(error);
    return {
      document: fiscalDocumentOf(kind, sale, company),
      problem: `Строки не сошлись с суммой (${reason}): чек одной строкой`.slice(0, 500),
    };
  }
}

export const companyOf = (settings: BrandSettings): Company => ({
  inn: settings.fiscal.inn,
  taxSystem: settings.fiscal.taxSystem,
  email: settings.fiscal.sellerEmail,
  paymentAddress: settings.fiscal.paymentAddress,
  defaultVat: settings.fiscal.defaultVat,
});
