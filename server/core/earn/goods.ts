/**
 * A campaign's conditions on goods, matched against a receipt's lines (issue 29 item 3, decision 062). Pure:
 * the catalogue has been read already (each line carries its category and every category above it).
 */

/** The conditions as the evaluation reads them: sets of codes, thousandths of a unit, kopecks. */
export interface EarnGoods {
  categories: ReadonlySet<string>;
  skus: ReadonlySet<string>;
  excludeCategories: ReadonlySet<string>;
  excludeSkus: ReadonlySet<string>;
  minQuantityMilli: number;
  /** Kopecks. */
  minSum: number;
}

/** A receipt's line as the earn rules read it. */
export interface EarnLine {
  sku: string | null;
  /** The line's category and every category above it; empty when it has none. */
  categoryPath: readonly string[];
  quantityMilli: number;
  /** The line's sum, kopecks. */
  sum: number;
  /** The money paid for it (its sum less the bonuses spent on it), kopecks; 0 when it does not earn. */
  paid: number;
  /** Not in a legal group and not flagged never to earn, on its item or a category above. */
  canEarn: boolean;
}

const inAny = (path: readonly string[], set: ReadonlySet<string>) => path.some((id) => set.has(id));

/**
 * Whether the campaign rewards the line: a line that may earn, not excluded by SKU or by a category above it,
 * and named by a list (by SKU or by a category above it) or by none when neither list says anything.
 */
export function lineMatches(goods: EarnGoods, line: EarnLine): boolean {
  if (!line.canEarn) return false;
  if (line.sku !== null && goods.excludeSkus.has(line.sku)) return false;
  if (inAny(line.categoryPath, goods.excludeCategories)) return false;
  if (goods.categories.size === 0 && goods.skus.size === 0) return true;
  return (line.sku !== null && goods.skus.has(line.sku)) || inAny(line.categoryPath, goods.categories);
}

/** Whether the basket holds what the campaign asks: at least one of its goods, in the quantity and for the sum. */
export function basketHolds(goods: EarnGoods, lines: readonly EarnLine[]): boolean {
  let count = 0;
  let quantity = 0;
  let sum = 0;
  for (const line of lines) {
    if (!lineMatches(goods, line)) continue;
    count += 1;
    quantity += line.quantityMilli;
    sum += line.sum;
  }
  return count > 0 && quantity >= goods.minQuantityMilli && sum >= goods.minSum;
}
