import { PAYMENT_TYPE } from './ffd-tags';
import type { FiscalDocument, FiscalItem } from './fiscal-document';

/**
 * A bank order's cart as the gateway holds it (decision 080), mapped back onto the receipt's lines for a return
 * by lines (decision 086). The cart is the sale's document (kept on its fiscal row): each item is a position,
 * numbered from 1 in order, and names the receipt line it came from (`line`). A line's positions are one at its
 * price, or `n − 1` pieces at the price rounded down and one piece taking the rest (net-lines.ts), or a weighed
 * line, which the gateway may hold as one piece of its sum (rbs-order-bundle.ts): such a line comes back only
 * whole. A line paid wholly by bonuses and the balance has no position. All sums in kopecks.
 */

export interface CartPosition {
  /** The gateway's positionId. */
  position: number;
  /** The receipt's line number. */
  line: number;
  /** The quantity as the gateway holds it (1 for a weighed line stated as one piece). */
  value: number;
  price: number;
  sum: number;
  /** A weighed line: returned only whole, since its quantity is not in pieces. */
  wholeOnly: boolean;
}

/** One position's part of a line's return: the quantity, what the card paid for it, and what goes back. */
export interface RefundPiece {
  position: number;
  value: number;
  /** What the card paid for this quantity of the position. */
  share: number;
  /** What goes back to the card (the share less what is withheld), and the price stating it. */
  amount: number;
  price: number;
}

/** A price whose `× value`, rounded to the kopeck, is `sum`; null when no whole kopeck does. */
export function fitPrice(sum: number, value: number, near = Math.round(sum / value)): number | null {
  for (const price of [near, near - 1, near + 1]) {
    if (price >= 0 && Math.round(price * value) === sum) return price;
  }
  return null;
}

/**
 * The cart's positions, or null when a position names no line (a cart from before lines were kept). An item whose
 * sum no kopeck price gives back is held as one piece of its sum, as rbs-order-bundle.ts states it.
 */
export function cartPositions(document: FiscalDocument): CartPosition[] | null {
  const positions = document.items.map((item, i) => {
    const exact = fitPrice(item.sum, item.quantity, item.price);
    return {
      position: i + 1,
      line: item.line ?? 0,
      value: exact === null ? 1 : item.quantity,
      price: exact ?? item.sum,
      sum: item.sum,
      wholeOnly: !Number.isInteger(item.quantity),
    };
  });
  return positions.every((p) => p.line > 0) ? positions : null;
}

/** What earlier returns took of each position: quantity and the card's share. */
export type Consumed = Map<number, { value: number; share: number }>;

export function consumedOf(pieces: readonly RefundPiece[]): Consumed {
  const taken: Consumed = new Map();
  for (const piece of pieces) {
    const before = taken.get(piece.position) ?? { value: 0, share: 0 };
    taken.set(piece.position, { value: before.value + piece.value, share: before.share + piece.share });
  }
  return taken;
}

/**
 * The positions a return of `milli` thousandths of a line takes, in the cart's order: the pieces still held by
 * the first position, then the next. Each piece's share is its quantity at the position's price, the last of a
 * position taking what is left of its sum, so the returns of a line add up to its positions. Answers a refusal's
 * text when the quantity cannot be stated in the cart's positions (part of a weighed line, part of a piece).
 */
export function piecesOfReturn(
  positions: readonly CartPosition[],
  consumed: Consumed,
  line: { lineNo: number; quantityMilli: number; returnedMilli: number },
  milli: number,
): RefundPiece[] | string {
  if (positions.length === 0) return [];
  const whole = line.returnedMilli + milli === line.quantityMilli;
  if (positions.some((p) => p.wholeOnly)) {
    if (line.returnedMilli > 0 || !whole)
      return `Строка ${line.lineNo}: весовой товар в чеке банка возвращается только целиком (${line.quantityMilli / 1000})`;
    return positions.map((p) => ({
      position: p.position,
      value: p.value,
      share: p.sum,
      amount: p.sum,
      price: p.price,
    }));
  }
  if (milli % 1000 !== 0) return `Строка ${line.lineNo}: в чеке банка товар возвращается целыми штуками`;
  const held = positions.reduce((s, p) => s + p.value - (consumed.get(p.position)?.value ?? 0), 0);
  if (held * 1000 !== line.quantityMilli - line.returnedMilli)
    return `Строка ${line.lineNo}: её уже возвращали до того, как чеки стал выдавать банк: остаток вернёт поддержка`;
  let left = milli / 1000;
  const pieces: RefundPiece[] = [];
  for (const p of positions) {
    const before = consumed.get(p.position) ?? { value: 0, share: 0 };
    const take = Math.min(left, p.value - before.value);
    if (take <= 0) continue;
    const share = before.value + take === p.value ? p.sum - before.share : take * p.price;
    pieces.push({ position: p.position, value: take, share, amount: share, price: p.price });
    left -= take;
  }
  return pieces;
}

/**
 * The card's part of `withheld` taken off a line's pieces, last piece first, each piece's amount then rounded up
 * to one its quantity can state at a whole-kopeck price (a piece of 2 returns an even number of kopecks). So a
 * few kopecks fewer may be withheld than asked, never more: the customer keeps those bonuses (decision 063's
 * rule: what is not withheld stays issued). Answers the pieces and what was withheld of the card's part.
 */
export function withheldFromPieces(
  pieces: readonly RefundPiece[],
  fromCard: number,
): { pieces: RefundPiece[]; withheld: number } {
  let left = fromCard;
  const out = [...pieces].reverse().map((piece) => {
    const off = Math.min(left, piece.share);
    left -= off;
    let amount = piece.share - off;
    let price = fitPrice(amount, piece.value);
    while (price === null && amount < piece.share) price = fitPrice(++amount, piece.value);
    return { ...piece, amount, price: price ?? piece.price };
  });
  const done = out.reverse();
  return {
    pieces: done,
    withheld: pieces.reduce((s, p) => s + p.share, 0) - done.reduce((s, p) => s + p.amount, 0),
  };
}

/**
 * The refund receipt the gateway issues from a partial refund's positions: the registered items refunded, each
 * with the quantity, price and money the refund named, paid back «безналичными». Null when no money goes back.
 */
export function refundDocumentOf(
  sold: FiscalDocument,
  pieces: readonly RefundPiece[],
): FiscalDocument | null {
  const items = pieces
    .filter((piece) => piece.amount > 0)
    .map((piece): FiscalItem => {
      const item = sold.items[piece.position - 1];
      if (!item) throw new Error(`position ${piece.position} is not in the order's cart`);
      return { ...item, quantity: piece.value, price: piece.price, sum: piece.amount };
    });
  const total = items.reduce((s, item) => s + item.sum, 0);
  if (total <= 0) return null;
  return {
    ...sold,
    kind: 'sell_refund',
    items,
    payments: [{ type: 'electronic', atolType: PAYMENT_TYPE.electronic.atol, sum: total }],
    total,
  };
}
