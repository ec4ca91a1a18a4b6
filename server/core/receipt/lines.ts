import { inArray, sql } from 'drizzle-orm';
import type { ReceiptItem } from '#common/contract/receipt';
import type { LegalGroup } from '#common/lib/catalogue-vocabulary';
import type { Db } from '#server/db/client';
import { catalogueBarcodes, catalogueItems } from '#server/db/schema/catalogue';
import { fromRoubles, type Kopecks } from '../money';

/**
 * A receipt's line as the programme reads it (issue 29, decision 061): the till's line in kopecks and
 * thousandths, and what the catalogue says of its goods. The contract has checked the sums already.
 */
export interface ReceiptLine {
  lineNo: number;
  sku: string | null;
  barcode: string | null;
  name: string;
  quantityMilli: number;
  price: Kopecks;
  sum: Kopecks;
  discount: Kopecks;
  categoryId: string | null;
  /** Its category and every category above it, nearest first (goods campaigns match on any; decision 062). */
  categoryPath: string[];
  legalGroup: LegalGroup | null;
  /** Whether the line earns bonuses: not in a legal group, not flagged on its item or any category above. */
  canEarn: boolean;
  /** Whether bonuses may pay for it, likewise. */
  canSpend: boolean;
}

interface Rules {
  categoryId: string | null;
  noEarn: boolean;
  noSpend: boolean;
  legalGroup: LegalGroup | null;
  /** The category and those above it, nearest first. */
  path: string[];
}

/** The items the lines name, by SKU and by barcode (two indexed lookups; none when no line names either). */
async function itemsOf(db: Db, items: readonly ReceiptItem[]) {
  const skus = [...new Set(items.flatMap((item) => (item.sku ? [item.sku] : [])))];
  const barcodes = [...new Set(items.flatMap((item) => (!item.sku && item.barcode ? [item.barcode] : [])))];
  const columns = {
    sku: catalogueItems.sku,
    categoryId: catalogueItems.categoryId,
    noEarn: catalogueItems.noEarn,
    noSpend: catalogueItems.noSpend,
    legalGroup: catalogueItems.legalGroup,
  };
  const [bySku, byBarcode] = await Promise.all([
    skus.length ? db.select(columns).from(catalogueItems).where(inArray(catalogueItems.sku, skus)) : [],
    barcodes.length
      ? db
          .select({ ...columns, barcode: catalogueBarcodes.barcode })
          .from(catalogueBarcodes)
          .innerJoin(catalogueItems, sql`${catalogueItems.sku} = ${catalogueBarcodes.sku}`)
          .where(inArray(catalogueBarcodes.barcode, barcodes))
      : [],
  ]);
  return {
    bySku: new Map(bySku.map((row) => [row.sku, row])),
    byBarcode: new Map(byBarcode.map((row) => [row.barcode, row])),
  };
}

/**
 * Each category's flags with those of every category above it (a flag on «Табак» holds for all under it): one
 * recursive query over the categories the receipt touches, at most 32 levels deep (a cycle cannot loop).
 */
async function categoryRules(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, Omit<Rules, 'categoryId'>>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute(sql`
    with recursive up(start, id, parent_id, no_earn, no_spend, legal_group, depth) as (
      select id, id, parent_id, no_earn, no_spend, legal_group, 0 from catalogue_categories
      where id in ${ids}
      union all
      select up.start, c.id, c.parent_id, c.no_earn, c.no_spend, c.legal_group, up.depth + 1
      from up join catalogue_categories c on c.id = up.parent_id where up.depth < 32)
    select start, bool_or(no_earn) as no_earn, bool_or(no_spend) as no_spend,
      array_agg(id order by depth) as path,
      (array_agg(legal_group order by depth) filter (where legal_group is not null))[1] as legal_group
    from up group by start`);
  const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  return new Map(
    rows.map((row) => [
      String(row.start),
      {
        noEarn: Boolean(row.no_earn),
        noSpend: Boolean(row.no_spend),
        legalGroup: (row.legal_group as LegalGroup | null) ?? null,
        path: (row.path as string[]).map(String),
      },
    ]),
  );
}

/**
 * The lines with the catalogue's rules: an item's flags and its categories' (all above it), else, for goods
 * the catalogue does not know, the category the line names, else the brand's defaults (it earns and takes
 * bonuses). A legal group anywhere on the way makes the line neither earn nor take bonuses.
 */
export async function readReceiptLines(db: Db, items: readonly ReceiptItem[]): Promise<ReceiptLine[]> {
  const known = await itemsOf(db, items);
  const found = items.map((item) =>
    item.sku ? known.bySku.get(item.sku) : item.barcode ? known.byBarcode.get(item.barcode) : undefined,
  );
  const categoryIds = items.map(
    (item, i) => found[i]?.categoryId ?? (found[i] ? null : item.category) ?? null,
  );
  const categories = await categoryRules(db, [...new Set(categoryIds.filter((id) => id !== null))]);
  return items.map((item, i) => {
    const own = found[i];
    const categoryId = categoryIds[i]!;
    const above = categoryId ? categories.get(categoryId) : undefined;
    const legalGroup = own?.legalGroup ?? above?.legalGroup ?? null;
    return {
      lineNo: i + 1,
      sku: own?.sku ?? item.sku ?? null,
      barcode: item.barcode ?? null,
      name: item.name,
      quantityMilli: Math.round(item.quantity * 1000),
      price: fromRoubles(item.price),
      sum: fromRoubles(item.sum),
      discount: fromRoubles(item.discount),
      categoryId,
      categoryPath: above?.path ?? (categoryId ? [categoryId] : []),
      legalGroup,
      canEarn: !legalGroup && !own?.noEarn && !above?.noEarn,
      canSpend: !legalGroup && !own?.noSpend && !above?.noSpend,
    };
  });
}
