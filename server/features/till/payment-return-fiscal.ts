import { and, eq, inArray } from 'drizzle-orm';
import type { BrandSettings } from '#common/contract/header';
import { brandSettingsWithin } from '#server/core/brand-settings';
import type { Sale, SaleLine } from '#server/core/fiscal/fiscal-document';
import { clientOf, queueFiscalReceipt, vatBySku } from '#server/core/fiscal/queue';
import type { Db } from '#server/db/client';
import { receiptLines } from '#server/db/schema/catalogue';
import type { paymentReturnLines } from '#server/db/schema/payment-returns';
import type { paymentDrafts } from '#server/db/schema/payments';
import type { TillDeps } from './operation-rows';

type DraftRow = typeof paymentDrafts.$inferSelect;
type ReturnRow = typeof paymentReturnLines.$inferSelect;

/**
 * The «возврат прихода» of a site payment's return by lines (decisions 070, 084): the returned lines with their
 * quantities and the money going back for each (net of the bonuses spent on them and of what was withheld), paid
 * back to the card (`electronic`) and to the money-like balance (`prepaid`, as the sale took it). Queued in the
 * transaction that marks the money refunded. In the `till` mode the shop's register prints it. The `gateway` mode
 * takes no return of a site payment's lines yet (payment-returns.ts refuses it: decision 084).
 */
export async function queuePaymentReturnReceipt(
  deps: TillDeps,
  tx: Db,
  draft: DraftRow,
  returnKey: string,
  rows: readonly ReturnRow[],
): Promise<void> {
  const settings = await brandSettingsWithin(tx, deps.cache);
  if (settings.fiscal.mode === 'till') return;
  const sale = await returnSale(tx, settings, draft, rows);
  if (!sale) return;
  await queueFiscalReceipt(tx, settings, deps.clock.now(), {
    kind: 'sell_refund',
    externalId: `sell_refund:${draft.id}:${returnKey}`,
    sourceType: 'refund',
    sourceId: draft.id,
    sale,
  });
}

/** The refund's sale; null when no money goes back (everything withheld). */
async function returnSale(
  tx: Db,
  settings: BrandSettings,
  draft: DraftRow,
  rows: readonly ReturnRow[],
): Promise<Sale | null> {
  const back = rows.filter((row) => row.cardBack + row.balanceBack > 0);
  if (back.length === 0) return null;
  const lines = await tx
    .select()
    .from(receiptLines)
    .where(
      and(
        eq(receiptLines.source, 'payment'),
        eq(receiptLines.operationId, draft.id),
        inArray(
          receiptLines.lineNo,
          back.map((row) => row.lineNo),
        ),
      ),
    );
  const byNo = new Map(lines.map((line) => [line.lineNo, line]));
  const vats = await vatBySku(
    tx,
    lines.map((line) => line.sku),
  );
  return {
    settlement: 'full',
    lines: back.map((row): SaleLine => {
      const line = byNo.get(row.lineNo)!;
      return {
        name: line.name,
        quantityMilli: row.quantityMilli,
        sum: row.cardBack + row.balanceBack,
        object: 'commodity',
        vat: (line.sku && vats.get(line.sku)) || null,
        ...(line.sku ? { code: line.sku } : {}),
      };
    }),
    discount: 0,
    payments: {
      electronic: back.reduce((s, row) => s + row.cardBack, 0),
      prepaid: back.reduce((s, row) => s + row.balanceBack, 0),
    },
    client: await clientOf(tx, settings, draft.email, draft.userId),
  };
}
