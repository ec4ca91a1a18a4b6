import { and, asc, eq, inArray } from 'drizzle-orm';
import type { RegisterReceipt } from '#common/contract/till-register-receipt';
import { brandSettingsWithin } from '#server/core/brand-settings';
import type { FiscalDocument } from '#server/core/fiscal/fiscal-document';
import {
  cartPositions,
  refundDocumentOf,
  type CartPosition,
  type RefundPiece,
} from '#server/core/fiscal/gateway-cart';
import { GATEWAY, type GatewayReceipt } from '#server/core/fiscal/gateway-sale';
import { recordGatewayReceipt } from '#server/core/fiscal/queue';
import { toRoubles } from '#server/core/money';
import type { Db } from '#server/db/client';
import { receiptLines } from '#server/db/schema/catalogue';
import { fiscalReceipts } from '#server/db/schema/fiscal';
import { AppError } from '#server/errors';
import type { TillDeps } from './operation-rows';
import type { DraftRow, PaymentReturnRow } from './payment-return-plan';
import { otherBank } from './refund-part';

/**
 * A site payment whose bank order carries the receipt's cart (the `gateway` mode, decision 080), returned by lines
 * (decision 086). The sale's row in the fiscal outbox (`sell:<draft>`, issued by the gateway) keeps the cart as
 * registered, each position naming its receipt line; a return takes positions of it (gateway-cart.ts), sends them
 * as refund.do's `refundItems`, and records the refund receipt the gateway issues from them. The money-like
 * balance's part is not on the bank's receipts: the shop's register prints it (the answer's `fiscal.register`).
 */

export interface SaleCart {
  document: FiscalDocument;
  /** Null when the cart's positions name no lines (a cart stated as one line because its figures disagreed). */
  positions: CartPosition[] | null;
}

/**
 * The cart a payment's bank order was registered with, as its sale's gateway row (`sell:<id>`: a draft's, or a
 * till card payment's) keeps it; null: none.
 */
export async function saleCartOf(db: Db, saleId: string): Promise<SaleCart | null> {
  const [row] = await db
    .select({ document: fiscalReceipts.document, provider: fiscalReceipts.provider })
    .from(fiscalReceipts)
    .where(eq(fiscalReceipts.externalId, `sell:${saleId}`));
  if (!row || row.provider !== GATEWAY) return null;
  return { document: row.document, positions: cartPositions(row.document) };
}

/**
 * Checked before anything moves: whether the payment's bank part goes back by the cart's positions (answers the
 * positions), by its amount alone (null), or cannot go back from here (a 409). The sale decides, not today's mode:
 * an order with a cart needs `refundItems` for any part. In the `gateway` mode a payment with bank money and no
 * cart kept (made before the mode, or before lines were kept) is refused: its refund receipt has no issuer.
 */
export async function bankPartPath(
  deps: Pick<TillDeps, 'db' | 'cache' | 'acquirer'>,
  draft: DraftRow,
): Promise<CartPosition[] | null> {
  if (draft.leftToPay <= 0) return null;
  if (!draft.orderId || draft.acquirer !== deps.acquirer.name) throw otherBank();
  const sale = await saleCartOf(deps.db, draft.id);
  if (sale?.positions) return sale.positions;
  const settings = await brandSettingsWithin(deps.db, deps.cache);
  if (sale || settings.fiscal.mode === 'gateway') {
    throw new AppError(
      'OPERATION_STATE',
      'Чек этой оплаты выдал банк, но строки чека в его корзине не сохранены: вернуть часть оплаты нельзя — обратитесь в поддержку',
    );
  }
  return null;
}

/**
 * Whether the balance's part of this payment is the shop's register's to print (decision 086): the bank issued
 * the sale's receipt from its cart, or, in the `gateway` mode, no bank took any money (all of it the balance).
 */
export async function registerPrintsBalance(
  deps: Pick<TillDeps, 'db' | 'cache'>,
  draft: DraftRow,
): Promise<boolean> {
  if (await saleCartOf(deps.db, draft.id)) return true;
  if (draft.leftToPay > 0) return false;
  return (await brandSettingsWithin(deps.db, deps.cache)).fiscal.mode === 'gateway';
}

/** A return's rows, each with the cart positions its line took (null without the bank's cart). */
type PiecesRow = { gatewayItems: RefundPiece[] | null };

/** The return's positions for refund.do (decision 086); undefined for a return without them. */
export async function returnGatewayReceipt(
  deps: Pick<TillDeps, 'db' | 'cache'>,
  saleId: string,
  rows: readonly PiecesRow[],
): Promise<GatewayReceipt | undefined> {
  const pieces = rows.flatMap((row) => row.gatewayItems ?? []);
  const sale = pieces.length > 0 ? await saleCartOf(deps.db, saleId) : null;
  if (!sale) return undefined;
  const settings = await brandSettingsWithin(deps.db, deps.cache);
  return { document: sale.document, ffdVersion: settings.fiscal.ffdVersion, pieces };
}

/** Records, in `tx`, the refund receipt the gateway issued from the return's positions. */
export async function recordReturnGatewayReceipt(
  deps: Pick<TillDeps, 'db' | 'clock'>,
  tx: Db,
  saleId: string,
  returnKey: string,
  rows: readonly PiecesRow[],
): Promise<void> {
  const sale = await saleCartOf(tx, saleId);
  const document =
    sale &&
    refundDocumentOf(
      sale.document,
      rows.flatMap((row) => row.gatewayItems ?? []),
    );
  if (!document) return;
  await recordGatewayReceipt(
    tx,
    deps.clock.now(),
    {
      kind: 'sell_refund',
      externalId: `sell_refund:${saleId}:${returnKey}`,
      sourceType: 'refund',
      sourceId: saleId,
    },
    document,
  );
}

/**
 * What the shop's register prints of a return by the cart's positions: the balance's part back, «возврат прихода»
 * paid by the advance offset (the bank's receipt states the card's part). Null when no balance goes back.
 */
export async function returnRegisterReceipt(
  db: Db,
  draftId: string,
  rows: readonly PaymentReturnRow[],
): Promise<RegisterReceipt | null> {
  const back = rows.filter((row) => row.balanceBack > 0);
  if (back.length === 0) return null;
  const names = await lineNames(
    db,
    draftId,
    back.map((row) => row.lineNo),
  );
  const prepaid = back.reduce((s, row) => s + row.balanceBack, 0);
  return {
    kind: 'sell_refund',
    paymentMethod: 4,
    lines: back.map((row) => ({
      line: row.lineNo,
      name: names.get(row.lineNo) ?? '',
      quantity: row.quantityMilli / 1000,
      sum: toRoubles(row.balanceBack),
    })),
    electronic: 0,
    prepaid: toRoubles(prepaid),
    total: toRoubles(prepaid),
  };
}

async function lineNames(db: Db, draftId: string, lineNos: number[]): Promise<Map<number, string>> {
  const rows = await db
    .select({ lineNo: receiptLines.lineNo, name: receiptLines.name })
    .from(receiptLines)
    .where(
      and(
        eq(receiptLines.source, 'payment'),
        eq(receiptLines.operationId, draftId),
        inArray(receiptLines.lineNo, lineNos),
      ),
    )
    .orderBy(asc(receiptLines.lineNo));
  return new Map(rows.map((row) => [row.lineNo, row.name]));
}
