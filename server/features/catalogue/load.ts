import { inArray, sql } from 'drizzle-orm';
import type { CatalogueLoadResult, CategoryInput, ItemInput } from '#common/contract/catalogue';
import type { Db } from '#server/db/client';
import { catalogueBarcodes, catalogueCategories, catalogueItems } from '#server/db/schema/catalogue';
import { AppError } from '#server/errors';
import { checkCategoryTree } from './tree';

/** Rows per multi-row statement: 8 parameters an item, well under PostgreSQL's 65,535. */
const CHUNK = 1_000;
/** Barcodes per statement (2 parameters each). */
const BARCODE_CHUNK = 10_000;

export function chunksOf<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

interface Counts {
  created: number;
  updated: number;
  unchanged: number;
}

/** Refuses a load naming one SKU, category or barcode twice: which row would win is not the server's guess. */
function checkUnique(categories: CategoryInput[], items: ItemInput[]) {
  const seen = (codes: string[]) => {
    const set = new Set<string>();
    for (const code of codes) {
      if (set.has(code)) return code;
      set.add(code);
    }
    return undefined;
  };
  const category = seen(categories.map((c) => c.id));
  if (category) throw new AppError('VALIDATION', `Категория ${category} указана дважды`);
  const sku = seen(items.map((i) => i.sku));
  if (sku) throw new AppError('VALIDATION', `Артикул ${sku} указан дважды`);
  const barcode = seen(items.flatMap((i) => [...new Set(i.barcodes)]));
  if (barcode) throw new AppError('VALIDATION', `Штрихкод ${barcode} указан у двух товаров`);
}

async function upsertCategories(tx: Db, categories: CategoryInput[], at: Date): Promise<Counts> {
  const counts = { created: 0, updated: 0, unchanged: 0 };
  const t = catalogueCategories;
  for (const chunk of chunksOf(categories, CHUNK)) {
    const written = await tx
      .insert(t)
      .values(chunk.map((c) => ({ ...c, updatedAt: at })))
      .onConflictDoUpdate({
        target: t.id,
        set: {
          parentId: sql`excluded.parent_id`,
          name: sql`excluded.name`,
          noEarn: sql`excluded.no_earn`,
          noSpend: sql`excluded.no_spend`,
          legalGroup: sql`excluded.legal_group`,
          updatedAt: sql`excluded.updated_at`,
        },
        // A row already as sent is left alone (its updatedAt too): loading the same file twice changes nothing.
        setWhere: sql`(${t.parentId}, ${t.name}, ${t.noEarn}, ${t.noSpend}, ${t.legalGroup}) is distinct from (excluded.parent_id, excluded.name, excluded.no_earn, excluded.no_spend, excluded.legal_group)`,
      })
      .returning({ id: t.id, inserted: sql<boolean>`(xmax = 0)` });
    const created = written.filter((w) => w.inserted).length;
    counts.created += created;
    counts.updated += written.length - created;
    counts.unchanged += chunk.length - written.length;
  }
  return counts;
}

/**
 * Replaces the barcodes of the chunk's items whose set differs from the stored one; a barcode another item held
 * moves to the one loaded. Answers the SKUs whose barcodes changed and how many barcodes moved.
 */
export async function replaceBarcodes(tx: Db, chunk: Pick<ItemInput, 'sku' | 'barcodes'>[]) {
  const skus = chunk.map((i) => i.sku);
  const codes = chunk.flatMap((i) => i.barcodes);
  const stored: { barcode: string; sku: string }[] = [];
  for (const part of chunksOf(skus, BARCODE_CHUNK))
    stored.push(...(await tx.select().from(catalogueBarcodes).where(inArray(catalogueBarcodes.sku, part))));
  for (const part of chunksOf(codes, BARCODE_CHUNK)) {
    stored.push(
      ...(await tx.select().from(catalogueBarcodes).where(inArray(catalogueBarcodes.barcode, part))),
    );
  }
  const ownerOf = new Map(stored.map((s) => [s.barcode, s.sku]));
  const inChunk = new Set(skus);
  const held = new Map<string, Set<string>>();
  for (const [barcode, sku] of ownerOf) {
    if (!inChunk.has(sku)) continue;
    if (!held.has(sku)) held.set(sku, new Set());
    held.get(sku)!.add(barcode);
  }
  const changed = chunk.filter((i) => {
    const before = held.get(i.sku) ?? new Set<string>();
    const after = new Set(i.barcodes);
    return before.size !== after.size || [...after].some((b) => !before.has(b));
  });
  const moved = changed
    .flatMap((i) => [...new Set(i.barcodes)].map((b) => [b, i.sku] as const))
    .filter(([b, sku]) => ownerOf.has(b) && ownerOf.get(b) !== sku).length;
  const changedSkus = changed.map((i) => i.sku);
  for (const part of chunksOf(changedSkus, BARCODE_CHUNK))
    await tx.delete(catalogueBarcodes).where(inArray(catalogueBarcodes.sku, part));
  const rows = changed.flatMap((i) => [...new Set(i.barcodes)].map((barcode) => ({ barcode, sku: i.sku })));
  for (const part of chunksOf(rows, BARCODE_CHUNK)) {
    await tx
      .insert(catalogueBarcodes)
      .values(part)
      .onConflictDoUpdate({ target: catalogueBarcodes.barcode, set: { sku: sql`excluded.sku` } });
  }
  return { changedSkus, moved };
}

/** The contract's shelf price (roubles) as the row keeps it (kopecks). */
export const listPriceOf = (price: number | null) => (price === null ? null : Math.round(price * 100));

async function upsertItems(tx: Db, items: ItemInput[], at: Date) {
  const counts = { created: 0, updated: 0, unchanged: 0 };
  let barcodesMoved = 0;
  const t = catalogueItems;
  for (const chunk of chunksOf(items, CHUNK)) {
    const written = await tx
      .insert(t)
      .values(
        chunk.map(({ barcodes: _b, price, ...item }) => ({
          ...item,
          listPrice: listPriceOf(price),
          updatedAt: at,
        })),
      )
      .onConflictDoUpdate({
        target: t.sku,
        set: {
          name: sql`excluded.name`,
          categoryId: sql`excluded.category_id`,
          vatRate: sql`excluded.vat_rate`,
          noEarn: sql`excluded.no_earn`,
          noSpend: sql`excluded.no_spend`,
          legalGroup: sql`excluded.legal_group`,
          listPrice: sql`excluded.list_price`,
          updatedAt: sql`excluded.updated_at`,
        },
        setWhere: sql`(${t.name}, ${t.categoryId}, ${t.vatRate}, ${t.noEarn}, ${t.noSpend}, ${t.legalGroup}, ${t.listPrice}) is distinct from (excluded.name, excluded.category_id, excluded.vat_rate, excluded.no_earn, excluded.no_spend, excluded.legal_group, excluded.list_price)`,
      })
      .returning({ sku: t.sku, inserted: sql<boolean>`(xmax = 0)` });
    const { changedSkus, moved } = await replaceBarcodes(tx, chunk);
    barcodesMoved += moved;
    const touched = new Set(written.map((w) => w.sku));
    // An item whose only change is its barcodes is updated too, and says when.
    const barcodeOnly = changedSkus.filter((sku) => !touched.has(sku));
    if (barcodeOnly.length) await tx.update(t).set({ updatedAt: at }).where(inArray(t.sku, barcodeOnly));
    const created = written.filter((w) => w.inserted).length;
    counts.created += created;
    counts.updated += written.length - created + barcodeOnly.length;
    counts.unchanged += chunk.length - written.length - barcodeOnly.length;
  }
  return { counts, barcodesMoved };
}

/**
 * Writes a load (the ERP's batch or a CSV file) into the catalogue, inside the caller's transaction: every row
 * created or updated in place by its code, with multi-row statements. Refuses, before any write, a load naming
 * a code twice or making the category tree a cycle.
 */
export async function loadCatalogue(
  tx: Db,
  load: { categories: CategoryInput[]; items: ItemInput[] },
  at: Date,
): Promise<CatalogueLoadResult> {
  checkUnique(load.categories, load.items);
  if (load.categories.length) await checkCategoryTree(tx, load.categories);
  const categories = await upsertCategories(tx, load.categories, at);
  const { counts: items, barcodesMoved } = await upsertItems(tx, load.items, at);
  return { categories, items, barcodesMoved };
}
