import type { Db } from './client';

/**
 * Runs `work` in one database transaction: a thrown error rolls every write back. The transaction handle is
 * passed as a `Db` so services take one type whether or not they are inside a transaction.
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db));
}
