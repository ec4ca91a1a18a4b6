import { eq, inArray } from 'drizzle-orm';
import type { BrandSettings } from '#common/contract/header';
import type { FiscalKind } from '#common/lib/fiscal-vocabulary';
import type { VatRate } from '#common/lib/catalogue-vocabulary';
import type { Db } from '#server/db/client';
import { users } from '#server/db/schema/auth';
import { catalogueItems } from '#server/db/schema/catalogue';
import { fiscalReceipts, type FiscalSource } from '#server/db/schema/fiscal';
import { fiscalDocumentOf, type Company, type Sale } from './fiscal-document';

export interface ReceiptToQueue {
  kind: FiscalKind;
  /** The provider's idempotency key: the same sale always gets the same one (`sell:<draft id>`). */
  externalId: string;
  sourceType: FiscalSource;
  sourceId: string;
  sale: Sale;
}

/**
 * Queues a sale's receipt in the caller's transaction `tx`: the one that settles the money (decision 070), so
 * the receipt exists exactly when the settlement does. Only in the `cloud` mode; `till` leaves the receipt to
 * the shop's register; `gateway` is the seam for the gateway's cart (RBS `orderBundle`, built when the order is
 * registered, a later task) and queues nothing here. The same external id twice queues one row. Answers the
 * row's id, or null when nothing was queued.
 */
export async function queueFiscalReceipt(
  tx: Db,
  settings: BrandSettings,
  now: Date,
  receipt: ReceiptToQueue,
): Promise<string | null> {
  if (settings.fiscal.mode !== 'cloud') return null;
  const built = documentOf(receipt, companyOf(settings));
  if (!built) return null;
  const { document, problem } = built;
  const [row] = await tx
    .insert(fiscalReceipts)
    .values({
      externalId: receipt.externalId,
      kind: receipt.kind,
      sourceType: receipt.sourceType,
      sourceId: receipt.sourceId,
      document,
      total: document.total,
      nextAttemptAt: now,
      lastError: problem,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: fiscalReceipts.externalId })
    .returning({ id: fiscalReceipts.id });
  return row?.id ?? null;
}

/**
 * The receipt's document, or null when no money was taken. A sale whose lines do not add up to the money (a bug
 * upstream) must still neither block its settlement, which runs in the same transaction, nor go without a
 * receipt: it is issued as one «платёж» line of the money, with the reason kept for the operator.
 */
function documentOf(receipt: ReceiptToQueue, company: Company) {
  const total = Object.values(receipt.sale.payments).reduce((sum, part) => sum + (part ?? 0), 0);
  if (total <= 0) return null;
  try {
    return { document: fiscalDocumentOf(receipt.kind, receipt.sale, company), problem: null };
  } catch (error) {
    const line = {
      name: 'Оплата покупки',
      quantityMilli: 1000,
      sum: total,
      object: 'payment' as const,
      vat: null,
    };
    const sale = { ...receipt.sale, lines: [line], discount: 0, discountShares: undefined };
    const reason = error instanceof Error ? error.message : String(error);
    return {
      document: fiscalDocumentOf(receipt.kind, sale, company),
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

/** The catalogue's VAT of the goods by SKU (a line the catalogue does not know takes the brand's default). */
export async function vatBySku(tx: Db, skus: readonly (string | null)[]): Promise<Map<string, VatRate>> {
  const known = [...new Set(skus.filter((sku): sku is string => sku !== null))];
  if (known.length === 0) return new Map();
  const rows = await tx
    .select({ sku: catalogueItems.sku, vatRate: catalogueItems.vatRate })
    .from(catalogueItems)
    .where(inArray(catalogueItems.sku, known));
  return new Map(rows.map((row) => [row.sku, row.vatRate]));
}

/**
 * Where the buyer's receipt goes (tag 1008, required for a payment made at a distance): the e-mail they gave,
 * else their phone; a temporary payer with neither gets it at the seller's address, and sees its link on the
 * result page.
 */
export async function clientOf(
  tx: Db,
  settings: BrandSettings,
  email: string | null,
  userId: string | null,
): Promise<Sale['client']> {
  if (email) return { email };
  if (userId) {
    const [user] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
    if (user && /^7\d{10}$/.test(user.phone)) return { phone: `+${user.phone}` };
  }
  return { email: settings.fiscal.sellerEmail };
}
