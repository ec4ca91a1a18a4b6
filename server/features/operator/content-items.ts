import { and, asc, desc, eq, max, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Action, FaqQuestion, OperatorPoint } from '#common/contract/content';
import type { Db } from '#server/db/client';
import { actions, faq, news, retailPoints } from '#server/db/schema/content';
import { auditLog } from '#server/db/schema/staff';
import { AppError } from '#server/errors';
import type { ContentCache } from '#server/lib/content-cache';
import { toOperatorPoint } from '#server/core/points';

/** A stored news item as the operator edits it: picture names, an ISO date-time. */
export interface StoredNews {
  id: number;
  title: string;
  date: string;
  preview: string;
  text: string;
  images: string[];
  pointIds: number[];
}

/**
 * One content collection the console edits item by item: its table, how an item becomes a row and back, and
 * the order the site shows it in. New items go last (`sort`), news by date.
 */
export interface Collection<T extends { id: number }> {
  /** The audit log's entity and the first half of its actions ('news.create'). */
  entity: string;
  table: PgTable & { id: PgColumn };
  order: ReturnType<typeof asc>[];
  toRow(item: T): Record<string, unknown>;
  fromRow(row: Record<string, unknown>): T;
  sorted: boolean;
}

const withoutSort = <R extends { sort?: unknown }>({ sort: _sort, ...rest }: R) => rest;

export const COLLECTIONS = {
  news: {
    entity: 'news',
    table: news,
    order: [desc(news.date), desc(news.id)],
    toRow: (n) => ({ ...n, date: new Date(n.date) }),
    fromRow: (r) => ({ ...(r as typeof news.$inferSelect), date: (r.date as Date).toISOString() }),
    sorted: false,
  } satisfies Collection<StoredNews>,
  faq: {
    entity: 'faq',
    table: faq,
    order: [asc(faq.sort), asc(faq.id)],
    toRow: (q) => q,
    fromRow: (r) => withoutSort(r as typeof faq.$inferSelect),
    sorted: true,
  } satisfies Collection<FaqQuestion>,
  actions: {
    entity: 'action',
    table: actions,
    order: [asc(actions.sort), asc(actions.id)],
    toRow: (a) => a,
    fromRow: (r) => withoutSort(r as typeof actions.$inferSelect),
    sorted: true,
  } satisfies Collection<Action>,
  points: {
    entity: 'point',
    table: retailPoints,
    order: [asc(retailPoints.sort), asc(retailPoints.id)],
    toRow: ({ address, rating, ...p }) => ({ ...p, ...address, rating: String(rating) }),
    fromRow: (r) => toOperatorPoint(r as typeof retailPoints.$inferSelect),
    sorted: true,
  } satisfies Collection<OperatorPoint>,
};

/** What an audited change tells the log: the item before and after (null when it did not or no longer exists). */
export type ItemAudit<T> = (
  tx: Db,
  change: { action: 'create' | 'update' | 'delete'; id: number; before: T | null; after: T | null },
) => Promise<void>;

export async function listItems<T extends { id: number }>(db: Db, c: Collection<T>): Promise<T[]> {
  const rows = await db
    .select()
    .from(c.table)
    .orderBy(...c.order);
  return rows.map((r) => c.fromRow(r as Record<string, unknown>));
}

async function findItem<T extends { id: number }>(tx: Db, c: Collection<T>, id: number) {
  // FOR UPDATE: two editors of one item write one after the other, each audit row's "before" is true.
  const [row] = await tx.select().from(c.table).where(eq(c.table.id, id)).for('update');
  return row ? c.fromRow(row as Record<string, unknown>) : null;
}

/**
 * The highest id the console ever deleted from a collection (its audit rows). A deleted item's id is never given
 * again: till keys, campaigns, operations and news name points by id, and would silently move to the new one.
 */
async function highestDeletedId(tx: Db, entity: string): Promise<number> {
  const [row] = await tx
    .select({ id: sql<string | null>`max(${auditLog.entityId}::integer)` })
    .from(auditLog)
    .where(and(eq(auditLog.action, `${entity}.delete`), sql`${auditLog.entityId} ~ '^[0-9]{1,9}$'`));
  return Number(row?.id ?? 0);
}

/** Adds an item with the next free id, last in the site's order. */
export async function createItem<T extends { id: number }>(
  cache: ContentCache,
  c: Collection<T>,
  body: Omit<T, 'id'>,
  audit: ItemAudit<T>,
): Promise<T> {
  return cache.write(async (tx) => {
    // One creator at a time: the next id and sort are read and taken under this lock.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`content:${c.entity}`}))`);
    const [top] = await tx.select({ id: max(c.table.id) }).from(c.table);
    const id = Math.max(Number(top?.id ?? 0), await highestDeletedId(tx, c.entity)) + 1;
    const item = { ...body, id } as T;
    const sort = c.sorted ? { sort: id } : {};
    await tx.insert(c.table).values({ ...c.toRow(item), ...sort } as never);
    await audit(tx, { action: 'create', id, before: null, after: item });
    return item;
  });
}

/** Replaces an item (its place in the order stays). */
export async function updateItem<T extends { id: number }>(
  cache: ContentCache,
  c: Collection<T>,
  id: number,
  body: Omit<T, 'id'>,
  audit: ItemAudit<T>,
): Promise<T> {
  return cache.write(async (tx) => {
    const before = await findItem(tx, c, id);
    if (!before) throw new AppError('NOT_FOUND', 'Такой записи нет');
    const after = { ...body, id } as T;
    await tx
      .update(c.table)
      .set(c.toRow(after) as never)
      .where(eq(c.table.id, id));
    await audit(tx, { action: 'update', id, before, after });
    return after;
  });
}

export async function deleteItem<T extends { id: number }>(
  cache: ContentCache,
  c: Collection<T>,
  id: number,
  audit: ItemAudit<T>,
) {
  return cache.write(async (tx) => {
    const before = await findItem(tx, c, id);
    if (!before) throw new AppError('NOT_FOUND', 'Такой записи нет');
    await tx.delete(c.table).where(eq(c.table.id, id));
    await audit(tx, { action: 'delete', id, before, after: null });
    return { deleted: true as const };
  });
}
