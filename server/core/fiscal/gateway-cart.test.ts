// Decision 086: a return by lines stated in the bank cart's positions, kopeck-exact.
import { describe, expect, it } from 'vitest';
import { checkRefundItems } from '#server/integrations/acquirer/rbs-bundle-check';
import { consumedOf, piecesOfReturn, withheldFromPieces, type CartPosition } from './gateway-cart';

/** 3 loaves for 239.99 ₽ (2 × 79.99 + 1 × 80.01) and 0.750 kg of cheese for 300.01 ₽ held as one piece. */
const CART: CartPosition[] = [
  { position: 1, line: 1, value: 2, price: 7_999, sum: 15_998, wholeOnly: false },
  { position: 2, line: 1, value: 1, price: 8_001, sum: 8_001, wholeOnly: false },
  { position: 3, line: 2, value: 1, price: 30_001, sum: 30_001, wholeOnly: true },
];
const bread = (returnedMilli: number) => ({ lineNo: 1, quantityMilli: 3000, returnedMilli });

describe('a line’s return in the cart’s positions', () => {
  it('returns one piece at a time add up to the positions, the last taking the rest', () => {
    const one = piecesOfReturn(CART.slice(0, 2), new Map(), bread(0), 1000);
    const two = piecesOfReturn(CART.slice(0, 2), consumedOf(one as never), bread(1000), 1000);
    const three = piecesOfReturn(
      CART.slice(0, 2),
      consumedOf([...(one as never[]), ...(two as never[])]),
      bread(2000),
      1000,
    );
    const all = [one, two, three].flat() as { share: number; position: number }[];
    expect(all.map((p) => [p.position, p.share])).toEqual([
      [1, 7_999],
      [1, 7_999],
      [2, 8_001],
    ]);
    expect(all.reduce((s, p) => s + p.share, 0)).toBe(23_999);
  });

  it('refuses what the positions cannot state: part of a piece, part of a weighed line', () => {
    expect(piecesOfReturn(CART.slice(0, 2), new Map(), bread(0), 500)).toMatch(/целыми штуками/);
    const cheese = { lineNo: 2, quantityMilli: 750, returnedMilli: 0 };
    expect(piecesOfReturn([CART[2]!], new Map(), cheese, 250)).toMatch(/только целиком/);
    expect(piecesOfReturn([CART[2]!], new Map(), cheese, 750)).toEqual([
      { position: 3, value: 1, share: 30_001, amount: 30_001, price: 30_001 },
    ]);
  });

  it('a line returned before the cart was kept (pieces not accounted) is refused', () => {
    expect(piecesOfReturn(CART.slice(0, 2), new Map(), bread(1000), 1000)).toMatch(/возвращали до того/);
  });

  it('withheld comes off the last piece first; a piece of 2 keeps an even amount, never withholding more', () => {
    const pieces = piecesOfReturn(CART.slice(0, 2), new Map(), bread(0), 3000) as never[];
    const fitted = withheldFromPieces(pieces, 8_002);
    // 80.01 ₽ off the single piece (nothing back), 0.01 ₽ asked of the pair: not stated by two pieces, kept.
    expect(fitted.pieces.map((p) => [p.position, p.amount, p.price])).toEqual([
      [1, 15_998, 7_999],
      [2, 0, 0],
    ]);
    expect(fitted.withheld).toBe(8_001);
    const more = withheldFromPieces(pieces, 8_004);
    expect(more.pieces[0]).toMatchObject({ amount: 15_996, price: 7_998 });
    expect(more.withheld).toBe(8_003);
  });
});

describe('the fake bank’s refund check over the order’s parts', () => {
  const item = (positionId: number, value: number, price: number) => ({
    positionId,
    name: 'Хлеб',
    quantity: { value, measure: 0 },
    itemAmount: Math.round(value * price),
    itemPrice: price,
    itemCode: `BREAD-${positionId}`,
    tax: { taxType: 2 },
    itemAttributes: {
      attributes: [
        { name: 'paymentMethod', value: '4' },
        { name: 'paymentObject', value: '1' },
      ],
    },
  });
  const cart = [item(1, 2, 7_999), item(2, 1, 8_001)];
  const refund = (...items: object[]) => JSON.stringify({ items });

  it('takes parts up to what was sold, in quantity and in money, and refuses past it', () => {
    const first = refund(item(1, 1, 7_999));
    expect(checkRefundItems(first, 7_999, cart)).toBeNull();
    expect(checkRefundItems(refund(item(1, 1, 7_999)), 7_999, cart, [first])).toBeNull();
    expect(checkRefundItems(refund(item(1, 2, 7_999)), 15_998, cart, [first])?.errorMessage).toMatch(
      /больше, чем продано/,
    );
    expect(checkRefundItems(refund(item(2, 1, 8_002)), 8_002, cart)?.errorMessage).toMatch(/больше денег/);
  });
});
