import { and, asc, eq } from 'drizzle-orm';
import type { BrandSettings } from '#common/contract/header';
import type { FiscalKind } from '#common/lib/fiscal-vocabulary';
import { brandSettingsWithin } from '#server/core/brand-settings';
import type { FiscalDocument, Sale } from '#server/core/fiscal/fiscal-document';
import { GATEWAY, gatewayReceiptOf, type GatewayReceipt } from '#server/core/fiscal/gateway-sale';
import {
  clientOf,
  goodsSaleLines,
  queueFiscalReceipt,
  recordGatewayReceipt,
} from '#server/core/fiscal/queue';
import type { Db } from '#server/db/client';
import { receiptLines } from '#server/db/schema/catalogue';
import { fiscalReceipts } from '#server/db/schema/fiscal';
import type { TillDeps, TillOperationRow } from './operation-rows';

/**
 * Queues the receipt of a till's saved-card payment in `tx`, the transaction that completes it (`sell`) or
 * records its refund (`sell_refund`) (decision 070). Only the card's money is the site's to fiscalise: one
 * «платёж» line of it, full settlement, since the goods are the till's cheque (in the `gateway` mode its lines
 * net of the bonuses, decision 086). In the `till` mode the shop's own register prints it and nothing is written;
 * in `cloud` the job sends it; in `gateway` the row records what the gateway issued from the order's cart
 * (decision 080).
 */
export async function queueCardReceipt(
  deps: TillDeps,
  tx: Db,
  row: TillOperationRow,
  pointTitle: string,
  kind: FiscalKind,
  part?: CardRefundPart,
): Promise<void> {
  if (row.kind !== 'card' || row.cardAmount <= 0) return;
  const settings = await brandSettingsWithin(tx, deps.cache);
  if (settings.fiscal.mode === 'till') return;
  const meta = {
    kind,
    externalId: part ? `${kind}:${row.id}:${part.returnKey}` : `${kind}:${row.id}`,
    sourceType: kind === 'sell' ? ('till_card_payment' as const) : ('refund' as const),
    sourceId: row.id,
  };
  // A whole refund of an order with a cart is the cart as registered (decision 086).
  const whole = settings.fiscal.mode === 'gateway' && kind === 'sell_refund' && !part;
  const sold = whole ? await registeredCart(tx, row.id) : null;
  if (sold) {
    await recordGatewayReceipt(tx, deps.clock.now(), meta, { ...sold, kind });
    return;
  }
  await queueFiscalReceipt(tx, settings, deps.clock.now(), {
    ...meta,
    sale: await cardSale(tx, settings, row, pointTitle, part?.amount),
  });
}

/** The cart the operation's bank order was registered with, kept on its sale's gateway row; null: none. */
async function registeredCart(db: Db, operationId: string): Promise<FiscalDocument | null> {
  const [row] = await db
    .select({ document: fiscalReceipts.document, provider: fiscalReceipts.provider })
    .from(fiscalReceipts)
    .where(eq(fiscalReceipts.externalId, `sell:${operationId}`));
  return row?.provider === GATEWAY ? row.document : null;
}

/** A return by lines of a card payment: the part of the card's money it sent back, and the return's key. */
export interface CardRefundPart {
  amount: number;
  returnKey: string;
}

/**
 * The receipt a till card payment's bank order is registered (`sell`) or refunded (`sell_refund`) with in the
 * `gateway` mode (decision 080); undefined in the other modes.
 */
export async function cardGatewayReceipt(
  deps: TillDeps,
  row: TillOperationRow,
  pointTitle: string,
  kind: FiscalKind,
  amount = row.cardAmount,
): Promise<GatewayReceipt | undefined> {
  if (row.kind !== 'card' || row.cardAmount <= 0) return undefined;
  const settings = await brandSettingsWithin(deps.db, deps.cache);
  if (settings.fiscal.mode !== 'gateway') return undefined;
  // A whole refund names the cart as the order was registered with it, whatever its shape (decision 086).
  const sold =
    kind === 'sell_refund' && amount === row.cardAmount ? await registeredCart(deps.db, row.id) : null;
  if (sold) return { document: { ...sold, kind }, ffdVersion: settings.fiscal.ffdVersion };
  return gatewayReceiptOf(settings, kind, await cardSale(deps.db, settings, row, pointTitle, amount));
}

async function cardSale(
  tx: Db,
  settings: BrandSettings,
  row: TillOperationRow,
  pointTitle: string,
  amount = row.cardAmount,
): Promise<Sale> {
  const client = await clientOf(tx, settings, null, row.userId);
  // In the `gateway` mode the whole payment is its lines, so that a return by lines can name the bank cart's
  // positions (decision 086). A part refunded otherwise is the same «платёж» position for less.
  const lines =
    settings.fiscal.mode === 'gateway' && amount === row.cardAmount ? await tillLines(tx, row) : null;
  if (lines) return { ...lines, payments: { electronic: amount }, client };
  return {
    settlement: 'full',
    lines: [
      {
        name: `Покупка: ${pointTitle}`,
        quantityMilli: 1000,
        sum: amount,
        object: 'payment',
        vat: null,
      },
    ],
    discount: 0,
    payments: { electronic: amount },
    client,
  };
}

/** The operation's lines net of the bonuses each took, when they add up to what the card paid; else null. */
async function tillLines(
  tx: Db,
  row: TillOperationRow,
): Promise<Pick<Sale, 'settlement' | 'lines' | 'discount' | 'discountShares'> | null> {
  const lines = await tx
    .select()
    .from(receiptLines)
    .where(and(eq(receiptLines.source, 'till'), eq(receiptLines.operationId, row.id)))
    .orderBy(asc(receiptLines.lineNo));
  const spend = lines.reduce((s, line) => s + line.spend, 0);
  if (lines.length === 0 || lines.reduce((s, line) => s + line.sum, 0) - spend !== row.cardAmount)
    return null;
  return {
    settlement: 'full',
    lines: await goodsSaleLines(tx, lines),
    discount: spend,
    discountShares: lines.map((line) => line.spend),
  };
}
