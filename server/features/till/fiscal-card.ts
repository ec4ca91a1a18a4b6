import type { BrandSettings } from '#common/contract/header';
import type { FiscalKind } from '#common/lib/fiscal-vocabulary';
import { brandSettingsWithin } from '#server/core/brand-settings';
import type { Sale, SaleLine } from '#server/core/fiscal/fiscal-document';
import { gatewayReceiptOf, type GatewayReceipt } from '#server/core/fiscal/gateway-sale';
import { clientOf, queueFiscalReceipt, vatBySku } from '#server/core/fiscal/queue';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { receiptLines } from '#server/db/schema/catalogue';
import type { TillDeps, TillOperationRow } from './operation-rows';

/**
 * Queues the receipt of a till's saved-card payment in `tx`, the transaction that completes it (`sell`) or
 * records its refund (`sell_refund`) (decision 070). Only the card's money is the site's to fiscalise: one
 * «платёж» line of it, full settlement, since the goods are the till's cheque. In the `till` mode the shop's own
 * register prints it and nothing is written; in `cloud` the job sends it; in `gateway` the row records what the
 * gateway issued from the order's cart (decision 080).
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
  await queueFiscalReceipt(tx, settings, deps.clock.now(), {
    kind,
    externalId: part ? `${kind}:${row.id}:${part.returnKey}` : `${kind}:${row.id}`,
    sourceType: kind === 'sell' ? 'till_card_payment' : 'refund',
    sourceId: row.id,
    sale: await cardSale(tx, settings, row, pointTitle, part?.amount),
  });
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
  const vats = await vatBySku(
    tx,
    lines.map((line) => line.sku),
  );
  return {
    settlement: 'full',
    lines: lines.map((line): SaleLine => ({
      name: line.name,
      quantityMilli: line.quantityMilli,
      sum: line.sum,
      object: 'commodity',
      vat: (line.sku && vats.get(line.sku)) || null,
      ...(line.sku ? { code: line.sku } : {}),
      line: line.lineNo,
    })),
    discount: spend,
    discountShares: lines.map((line) => line.spend),
  };
}
