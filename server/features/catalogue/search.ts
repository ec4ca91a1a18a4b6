import { and, asc, count, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import { CATALOGUE_PAGE_SIZE, type CatalogueItem } from '#common/contract/catalogue';
import type { Db } from '#server/db/client';
import { catalogueBarcodes, catalogueCategories, catalogueItems } from '#server/db/schema/catalogue';
import { orderTree, readParents, subtreeOf } from './tree';

type ItemRow = typeof catalogueItems.$inferSelect;

/** LIKE's own characters in a person's text match themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Rows with their barcodes, in the API's shape. */
export async function withBarcodes(db: Db, rows: ItemRow[]): Promise<CatalogueItem[]> {
  if (rows.length === 0) return [];
  const codes = await db
    .select()
    .from(catalogueBarcodes)
    .where(
      inArray(
        catalogueBarcodes.sku,
        rows.map((r) => r.sku),
      ),
    )
    .orderBy(asc(catalogueBarcodes.barcode));
  return rows.map(({ listPrice, ...r }) => ({
    ...r,
    price: listPrice === null ? null : listPrice / 100,
    updatedAt: r.updatedAt.toISOString(),
    barcodes: codes.filter((c) => c.sku === r.sku).map((c) => c.barcode),
  }));
}

/**
 * The console's item search (decision 060): a SKU's start, an exact barcode or a part of the name in any case,
 * within a category and those under it; a page in SKU order after the cursor, and how many match in all.
 */
export async function searchItems(db: Db, query: { q?: string; categoryId?: string; cursor?: string }) {
  const t = catalogueItems;
  const filters: SQL[] = [];
  const q = query.q?.trim();
  if (q) {
    const like = escapeLike(q);
    filters.push(
      or(
        sql`${t.sku} like ${`${like}%`}`,
        sql`lower(${t.name}) like ${`%${like.toLowerCase()}%`}`,
        sql`exists (select 1 from ${catalogueBarcodes} where ${catalogueBarcodes.barcode} = ${q} and ${catalogueBarcodes.sku} = ${t.sku})`,
      )!,
    );
  }
  if (query.categoryId) {
    filters.push(inArray(t.categoryId, subtreeOf(await readParents(db), query.categoryId)));
  }
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(t)
      .where(and(where, query.cursor ? gt(t.sku, query.cursor) : undefined))
      .orderBy(asc(t.sku))
      .limit(CATALOGUE_PAGE_SIZE + 1),
    db.select({ n: count() }).from(t).where(where),
  ]);
  const page = rows.slice(0, CATALOGUE_PAGE_SIZE);
  return {
    items: await withBarcodes(db, page),
    total: total?.n ?? 0,
    nextCursor: rows.length > CATALOGUE_PAGE_SIZE ? page[page.length - 1]!.sku : null,
  };
}

/** Every category in tree order with its depth and how many items name it directly. */
export async function listCategories(db: Db) {
  const [rows, counts] = await Promise.all([
    db.select().from(catalogueCategories),
    db
      .select({ categoryId: catalogueItems.categoryId, n: count() })
      .from(catalogueItems)
      .groupBy(catalogueItems.categoryId),
  ]);
  const items = new Map(counts.map((c) => [c.categoryId, c.n]));
  return orderTree(rows).map((r) => ({
    ...r,
    updatedAt: r.updatedAt.toISOString(),
    items: items.get(r.id) ?? 0,
  }));
}

/** One item with its barcodes, or undefined. */
export async function readItem(db: Db, sku: string) {
  const rows = await db.select().from(catalogueItems).where(eq(catalogueItems.sku, sku));
  return (await withBarcodes(db, rows))[0];
}
