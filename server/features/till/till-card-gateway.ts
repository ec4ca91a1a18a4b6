import { and, eq } from 'drizzle-orm';
import { brandSettingsWithin } from '#server/core/brand-settings';
import type { GatewayReceipt } from '#server/core/fiscal/gateway-sale';
import type { Db } from '#server/db/client';
import {
  consumedOf,
  piecesOfReturn,
  withheldFromPieces,
  type CartPosition,
  type RefundPiece,
} from '#server/core/fiscal/gateway-cart';
import type { receiptLines } from '#server/db/schema/catalogue';
import { tillReturnLines } from '#server/db/schema/till';
import { AppError } from '#server/errors';
import type { TillDeps, TillOperationRow } from './operation-rows';
import { recordReturnGatewayReceipt, returnGatewayReceipt, saleCartOf } from './payment-gateway';
import { cardGatewayReceipt, queueCardReceipt, type CardRefundPart } from './fiscal-card';
import { otherBank } from './refund-part';

/**
 * A till's saved-card payment returned by lines where its bank order carries the receipt's cart (decision 086):
 * the order's cart holds the operation's lines (fiscal-card.ts), kept on the sale's gateway row; a return takes
 * positions of it as a site payment's does (payment-gateway.ts), and refund.do names them.
 */

type ReturnRow = typeof tillReturnLines.$inferSelect;
type LineRow = typeof receiptLines.$inferSelect;

/**
 * Checked before anything moves: the cart's positions the card's part goes back by, null for a refund by the
 * amount alone, or a 409 where neither can be (a cart of one «платёж» line, from before the lines were kept).
 */
export async function cardBankPartPath(
  deps: Pick<TillDeps, 'db' | 'cache' | 'acquirer'>,
  op: TillOperationRow,
): Promise<CartPosition[] | null> {
  if (op.kind !== 'card' || op.cardAmount <= 0) return null;
  if (!op.orderId || op.acquirer !== deps.acquirer.name) throw otherBank();
  const sale = await saleCartOf(deps.db, op.id);
  if (sale?.positions) return sale.positions;
  const settings = await brandSettingsWithin(deps.db, deps.cache);
  if (sale || settings.fiscal.mode === 'gateway') {
    throw new AppError(
      'OPERATION_STATE',
      'Чек этой оплаты картой выдал банк без строк чека: вернуть её часть нельзя — верните покупку целиком',
    );
  }
  return null;
}

/** The cart's positions a return of a line takes; a 400 when the cart cannot state it. */
export function cardPieces(
  cart: CartPosition[],
  line: LineRow,
  earlier: readonly ReturnRow[],
  returnedMilli: number,
  milli: number,
): RefundPiece[] {
  const consumed = consumedOf(earlier.flatMap((r) => r.gatewayItems ?? []));
  const positions = cart.filter((p) => p.line === line.lineNo);
  const pieces = piecesOfReturn(positions, consumed, { ...line, returnedMilli }, milli);
  if (typeof pieces === 'string') throw new AppError('RETURN_INVALID', pieces);
  return pieces;
}

/** What is withheld (all of it off the card) taken off the pieces, each stated at a whole-kopeck price. */
export function fitCardWithheld(planned: ReturnRow[]): void {
  for (const row of planned) {
    if (!row.gatewayItems) continue;
    const fitted = withheldFromPieces(row.gatewayItems, row.withheld);
    row.withheld = fitted.withheld;
    row.gatewayItems = fitted.pieces;
  }
}

async function partRows(db: Db, op: TillOperationRow, returnKey: string): Promise<ReturnRow[]> {
  return db
    .select()
    .from(tillReturnLines)
    .where(and(eq(tillReturnLines.tillOperationId, op.id), eq(tillReturnLines.returnKey, returnKey)));
}

/**
 * What refund.do gets with a return's part: the cart's positions the return took, or (a cart without lines, not
 * in the `gateway` mode) the old single «платёж» position of the amount (decision 080).
 */
export async function cardPartGatewayReceipt(
  deps: TillDeps,
  op: TillOperationRow,
  pointTitle: string,
  part: CardRefundPart,
): Promise<GatewayReceipt | undefined> {
  const rows = await partRows(deps.db, op, part.returnKey);
  if (rows.some((row) => row.gatewayItems)) return returnGatewayReceipt(deps, op.id, rows);
  return cardGatewayReceipt(deps, op, pointTitle, 'sell_refund', part.amount);
}

/** The part's refund receipt, in `tx`: the bank's from the positions, or as queueCardReceipt queues it. */
export async function queueCardPartReceipt(
  deps: TillDeps,
  tx: Db,
  op: TillOperationRow,
  pointTitle: string,
  part: CardRefundPart,
): Promise<void> {
  const rows = await partRows(tx, op, part.returnKey);
  if (rows.some((row) => row.gatewayItems))
    return recordReturnGatewayReceipt(deps, tx, op.id, part.returnKey, rows);
  return queueCardReceipt(deps, tx, op, pointTitle, 'sell_refund', part);
}
