import { eq } from 'drizzle-orm';
import type { CategoryInput, ItemInput } from '#common/contract/catalogue';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { catalogueCategories, catalogueItems } from '#server/db/schema/catalogue';
import { notFound } from '#server/errors';
import { listPriceOf, replaceBarcodes } from './load';
import { readItem } from './search';
import { readParents, refuseCycle } from './tree';

type Audit = (tx: Db, before: unknown, after: unknown) => Promise<void>;

/**
 * Edits one item from the console (decision 060): the fields sent, and its barcodes as a full replacement (one
 * another item held moves here); with its audit row, in one transaction.
 */
export async function editItem(
  db: Db,
  sku: string,
  patch: Partial<Omit<ItemInput, 'sku'>>,
  at: Date,
  audit?: Audit,
) {
  return inTransaction(db, async (tx) => {
    const before = await readItem(tx, sku);
    if (!before) throw notFound(`Нет товара с артикулом ${sku}`);
    const { barcodes, price, ...fields } = patch;
    await tx
      .update(catalogueItems)
      .set({ ...fields, ...(price !== undefined && { listPrice: listPriceOf(price) }), updatedAt: at })
      .where(eq(catalogueItems.sku, sku));
    if (barcodes) await replaceBarcodes(tx, [{ sku, barcodes }]);
    const after = (await readItem(tx, sku))!;
    await audit?.(tx, before, after);
    return after;
  });
}

/** Edits one category; a new parent that would make it its own ancestor is refused, naming the cycle. */
export async function editCategory(
  db: Db,
  id: string,
  patch: Partial<Omit<CategoryInput, 'id'>>,
  at: Date,
  audit?: Audit,
) {
  return inTransaction(db, async (tx) => {
    const [before] = await tx.select().from(catalogueCategories).where(eq(catalogueCategories.id, id));
    if (!before) throw notFound(`Нет категории с кодом ${id}`);
    if (patch.parentId !== undefined) {
      const parents = await readParents(tx);
      parents.set(id, patch.parentId);
      refuseCycle(parents);
    }
    const [after] = await tx
      .update(catalogueCategories)
      .set({ ...patch, updatedAt: at })
      .where(eq(catalogueCategories.id, id))
      .returning();
    const shape = (c: typeof before) => ({ ...c, updatedAt: c.updatedAt.toISOString() });
    await audit?.(tx, shape(before), shape(after!));
    return shape(after!);
  });
}
