import { spreadOver } from '#server/core/receipt/spread';

/** A line with its net sum (after its share of a discount), in kopecks, and its quantity in thousandths. */
export interface NetLine {
  quantityMilli: number;
  sum: number;
}

/** A line as a receipt states it: `price × quantity = sum`, to the kopeck. */
export interface PricedLine {
  quantityMilli: number;
  price: number;
  sum: number;
}

/**
 * Each line's share of a discount (the bonuses spent, a gift card's buyer's discount), in proportion to the
 * line's sum and never past it: the shares a plan gives when it has them, else `spreadOver`'s.
 */
export function discountShares(
  sums: readonly number[],
  discount: number,
  given?: readonly number[],
): number[] {
  if (
    given &&
    given.reduce((a, b) => a + b, 0) === discount &&
    given.every((d, i) => d >= 0 && d <= sums[i]!)
  ) {
    return [...given];
  }
  return spreadOver(discount, sums, sums);
}

/**
 * A net line as one or two priced lines. A whole quantity whose sum the count does not divide is split the way
 * cashiers do: `quantity − 1` at the price rounded down, and one piece taking the rest, so every line's
 * `price × quantity` is its sum exactly. A weighed quantity (kilograms with decimals) keeps its sum and takes
 * the nearest price: the fiscal drive rounds `price × quantity` to the kopeck, and the sum is what counts.
 */
export function pricedLines(line: NetLine): PricedLine[] {
  const { quantityMilli, sum } = line;
  if (quantityMilli % 1000 !== 0) {
    return [{ quantityMilli, price: Math.round((sum * 1000) / quantityMilli), sum }];
  }
  const count = quantityMilli / 1000;
  const price = Math.floor(sum / count);
  if (price * count === sum || count === 1) return [{ quantityMilli, price, sum }];
  const rest = sum - price * (count - 1);
  return [
    { quantityMilli: (count - 1) * 1000, price, sum: price * (count - 1) },
    { quantityMilli: 1000, price: rest, sum: rest },
  ];
}
