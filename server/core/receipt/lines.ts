import { sql } from 'drizzle-orm';
import type { ReceiptItem } from '#common/contract/receipt';
import type { LegalGroup } from '#common/lib/catalogue-vocabulary';
import type { Db } from '#server/db/client';
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

interface ItemRow {
  sku: string;
  barcode: string | null;
  category_id: string | null;
  no_earn: boolean;
  no_spend: boolean;
  legal_group: LegalGroup | null;
}

interface CategoryRow {
  start: string;
  no_earn: boolean;
  no_spend: boolean;
  legal_group: LegalGroup | null;
  path: string[];
}

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/**
 * What the catalogue says of a receipt's goods, in one statement (one round trip on the till's hot path): the
 * items by SKU and by barcode (indexed lookups), and for each category they or the lines name, its flags with
 * those of every category above it and its path (a flag on «Табак» holds for all under it), at most 32 levels
 * deep so a cycle cannot loop. The two lists come back as JSON in one row.
 */
async function catalogueRules(db: Db, items: readonly ReceiptItem[]) {
  const skus = [...new Set(items.flatMap((item) => (item.sku ? [item.sku] : [])))];
  const barcodes = [...new Set(items.flatMap((item) => (!item.sku && item.barcode ? [item.barcode] : [])))];
  const named = [...new Set(items.flatMap((item) => (item.category ? [item.category] : [])))];
  if (skus.length + barcodes.length + named.length === 0) return { items: [], categories: [] };
  const result = await db.execute(sql`
    with recursive found as (
      select i.sku, null::text as barcode, i.category_id, i.no_earn, i.no_spend, i.legal_group
      from catalogue_items i where i.sku = any(${textArray(skus)})
      union all
      select i.sku, b.barcode, i.category_id, i.no_earn, i.no_spend, i.legal_group
      from catalogue_barcodes b join catalogue_items i on i.sku = b.sku
      where b.barcode = any(${textArray(barcodes)})),
    up(start, id, parent_id, no_earn, no_spend, legal_group, depth) as (
      select id, id, parent_id, no_earn, no_spend, legal_group, 0 from catalogue_categories
      where id in (select category_id from found union select unnest(${textArray(named)}))
      union all
      select up.start, c.id, c.parent_id, c.no_earn, c.no_spend, c.legal_group, up.depth + 1
      from up join catalogue_categories c on c.id = up.parent_id where up.depth < 32),
    categories as (
      select start, bool_or(no_earn) as no_earn, bool_or(no_spend) as no_spend,
        array_agg(id order by depth) as path,
        (array_agg(legal_group order by depth) filter (where legal_group is not null))[1] as legal_group
      from up group by start)
    select (select coalesce(json_agg(found), '[]') from found) as items,
      (select coalesce(json_agg(categories), '[]') from categories) as categories`);
  const [row] = (result as unknown as { rows: Array<{ items: unknown; categories: unknown }> }).rows;
  // PGlite and node-postgres both parse json; a driver that hands back text is parsed here.
  const parsed = <T>(value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as T[];
  return { items: parsed<ItemRow>(row!.items), categories: parsed<CategoryRow>(row!.categories) };
}

/**
 * The lines with the catalogue's rules: an item's flags and its categories' (all above it), else, for goods
 * the catalogue does not know, the category the line names, else the brand's defaults (it earns and takes
 * bonuses). A legal group anywhere on the way makes the line neither earn nor take bonuses.
 */
export async function readReceiptLines(db: Db, items: readonly ReceiptItem[]): Promise<ReceiptLine[]> {
  const rules = await catalogueRules(db, items);
  const bySku = new Map(rules.items.filter((row) => row.barcode === null).map((row) => [row.sku, row]));
  const byBarcode = new Map(rules.items.flatMap((row) => (row.barcode ? [[row.barcode, row] as const] : [])));
  const categories = new Map(rules.categories.map((row) => [row.start, row]));
  return items.map((item, i) => {
    const own = item.sku ? bySku.get(item.sku) : item.barcode ? byBarcode.get(item.barcode) : undefined;
    const categoryId = own ? own.category_id : (item.category ?? null);
    const above = categoryId ? categories.get(categoryId) : undefined;
    const legalGroup = own?.legal_group ?? above?.legal_group ?? null;
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
      canEarn: !legalGroup && !own?.no_earn && !above?.no_earn,
      canSpend: !legalGroup && !own?.no_spend && !above?.no_spend,
    };
  });
}
