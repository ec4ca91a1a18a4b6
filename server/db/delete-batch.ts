import { inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * Deletes at most `batch` rows of `table` that `where` picks, by their key, and answers how many went: a
 * housekeeping job's step that holds no lock for long. A row another instance deleted first is simply not
 * deleted twice.
 */
export async function deleteBatch(
  db: Db,
  table: PgTable,
  key: PgColumn,
  where: SQL | undefined,
  batch: number,
): Promise<number> {
  const picked = db.select({ key }).from(table).where(where).limit(batch);
  const deleted = await db.delete(table).where(inArray(key, picked)).returning({ key });
  return deleted.length;
}
