import { eq, inArray } from 'drizzle-orm';
import type { BrandSettings } from '#common/contract/header';
import type { FiscalKind } from '#common/lib/fiscal-vocabulary';
import type { VatRate } from '#common/lib/catalogue-vocabulary';
import type { Db } from '#server/db/client';
import { users } from '#server/db/schema/auth';
import { catalogueItems } from '#server/db/schema/catalogue';
import { fiscalReceipts, type FiscalSource } from '#server/db/schema/fiscal';
import type { FiscalDocument, Sale, SaleLine } from './fiscal-document';
import { GATEWAY, gatewaySale } from './gateway-sale';
import { companyOf, receiptDocumentOf } from './receipt-document';

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
 * the receipt exists exactly when the settlement does. `till` leaves the receipt to the shop's register and
 * writes nothing. `cloud` queues it for the fiscal job. `gateway` records it as issued by the gateway (decision
 * 080): the bank's fiscal partner issued it from the cart the order was registered with (the same sale rendered
 * the same way), so the job never sends it, and the row keeps the cart, its total for the reports and the
 * operator's list, with no OFD link (the gateway gives none we can trust). The same external id twice writes
 * one row. Answers the row's id, or null when nothing was written.
 */
export async function queueFiscalReceipt(
  tx: Db,
  settings: BrandSettings,
  now: Date,
  receipt: ReceiptToQueue,
): Promise<string | null> {
  const mode = settings.fiscal.mode;
  if (mode === 'till') return null;
  const sale = mode === 'gateway' ? gatewaySale(receipt.sale) : receipt.sale;
  const built = receiptDocumentOf(receipt.kind, sale, companyOf(settings));
  if (!built) return null;
  const { document, problem } = built;
  const byGateway = mode === 'gateway' ? { status: 'done' as const, provider: GATEWAY, doneAt: now } : {};
  return insertReceiptRow(tx, now, receipt, document, { lastError: problem, ...byGateway });
}

/**
 * Records a receipt the gateway issued from positions of the order's cart (decision 086: a partial refund's
 * `refundItems`), in `tx`: as `queueFiscalReceipt` records one in the `gateway` mode, with the document as sent.
 */
export function recordGatewayReceipt(
  tx: Db,
  now: Date,
  receipt: Omit<ReceiptToQueue, 'sale'>,
  document: FiscalDocument,
): Promise<string | null> {
  return insertReceiptRow(tx, now, receipt, document, { status: 'done', provider: GATEWAY, doneAt: now });
}

async function insertReceiptRow(
  tx: Db,
  now: Date,
  receipt: Omit<ReceiptToQueue, 'sale'>,
  document: FiscalDocument,
  state: Partial<typeof fiscalReceipts.$inferInsert>,
): Promise<string | null> {
  const [row] = await tx
    .insert(fiscalReceipts)
    .values({
      externalId: receipt.externalId,
      kind: receipt.kind,
      sourceType: receipt.sourceType,
      sourceId: receipt.sourceId,
      document,
      total: document.total,
      electronic: document.payments
        .filter((payment) => payment.type === 'electronic')
        .reduce((sum, payment) => sum + payment.sum, 0),
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
      ...state,
    })
    .onConflictDoNothing({ target: fiscalReceipts.externalId })
    .returning({ id: fiscalReceipts.id });
  return row?.id ?? null;
}

/** A receipt's stored line, as a sale's line needs it. */
interface GoodsLine {
  lineNo: number;
  name: string;
  quantityMilli: number;
  sum: number;
  sku: string | null;
}

/**
 * The goods lines of a sale (full settlement of goods, decision 070), each with the catalogue's VAT of its SKU
 * (the brand's default where the catalogue does not know it) and its receipt line number (decision 086).
 */
export async function goodsSaleLines(tx: Db, lines: readonly GoodsLine[]): Promise<SaleLine[]> {
  const vats = await vatBySku(
    tx,
    lines.map((line) => line.sku),
  );
  return lines.map((line) => ({
    name: line.name,
    quantityMilli: line.quantityMilli,
    sum: line.sum,
    object: 'commodity',
    vat: (line.sku && vats.get(line.sku)) || null,
    ...(line.sku ? { code: line.sku } : {}),
    line: line.lineNo,
  }));
}

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
