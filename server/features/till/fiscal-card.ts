import type { FiscalKind } from '#common/lib/fiscal-vocabulary';
import { brandSettingsWithin } from '#server/core/brand-settings';
import { clientOf, queueFiscalReceipt } from '#server/core/fiscal/queue';
import type { Db } from '#server/db/client';
import type { TillDeps, TillOperationRow } from './operation-rows';

/**
 * Queues the receipt of a till's saved-card payment in `tx`, the transaction that completes it (`sell`) or
 * records its refund (`sell_refund`) (decision 070). Only the card's money is the site's to fiscalise, and only
 * in the `cloud` mode: one «платёж» line of it, full settlement, since the goods are the till's cheque, which
 * the shop's own register prints in every other mode.
 */
export async function queueCardReceipt(
  deps: TillDeps,
  tx: Db,
  row: TillOperationRow,
  pointTitle: string,
  kind: FiscalKind,
): Promise<void> {
  if (row.kind !== 'card' || row.cardAmount <= 0) return;
  const settings = await brandSettingsWithin(tx, deps.cache);
  if (settings.fiscal.mode !== 'cloud') return;
  await queueFiscalReceipt(tx, settings, deps.clock.now(), {
    kind,
    externalId: `${kind}:${row.id}`,
    sourceType: kind === 'sell' ? 'till_card_payment' : 'refund',
    sourceId: row.id,
    sale: {
      settlement: 'full',
      lines: [
        {
          name: `Покупка: ${pointTitle}`,
          quantityMilli: 1000,
          sum: row.cardAmount,
          object: 'payment',
          vat: null,
        },
      ],
      discount: 0,
      payments: { electronic: row.cardAmount },
      client: await clientOf(tx, settings, null, row.userId),
    },
  });
}
