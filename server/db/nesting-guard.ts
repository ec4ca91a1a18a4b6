import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * PGlite has one connection: while a transaction is open, every other query waits for it to end. A query on the
 * root database issued from inside that transaction's own work therefore waits for itself, and the whole server
 * waits behind it, for ever. It happened once (the settings cache, rebuilt through the root database inside a
 * payment's settlement, hung the e2e server: decision 065), and only when the cache happened to be cold. On
 * PostgreSQL the same mistake takes a second connection from the pool while holding one: under load, every
 * connection held by a transaction waiting for another, the pool starves; and the query reads outside the
 * transaction.
 *
 * The guard makes that mistake fail at once and loudly, in the request that made it, whatever the cache holds:
 * each transaction's work runs in an async context that knows it is open, and a root query or a second
 * transaction started from that context while it is still open throws instead of waiting.
 */
const openTransaction = new AsyncLocalStorage<{ open: boolean }>();

export class NestedQueryError extends Error {
  constructor() {
    super(
      'A query on the root database inside an open transaction waits for a connection that transaction holds: ' +
        'use the transaction handle',
    );
  }
}

function refuseInsideTransaction() {
  if (openTransaction.getStore()?.open) throw new NestedQueryError();
}

/**
 * `transaction` with its work marked open while it runs. The mark is set when the work starts, so the
 * transaction's own BEGIN (and, on PostgreSQL, its taking a connection) is not refused; it is cleared when the
 * transaction ends, so work left running (a promise nobody awaited) may query afterwards.
 */
function markedTransaction<Tx, R, Rest extends unknown[]>(
  transaction: (work: (tx: Tx) => Promise<R>, ...rest: Rest) => Promise<R>,
) {
  return async (work: (tx: Tx) => Promise<R>, ...rest: Rest): Promise<R> => {
    refuseInsideTransaction();
    const state = { open: false };
    try {
      return await openTransaction.run(state, () =>
        transaction(
          (tx) => {
            state.open = true;
            return work(tx);
          },
          ...rest,
        ),
      );
    } finally {
      state.open = false;
    }
  };
}

const guarded = new WeakSet<object>();

/** Wraps the PGlite client's own query, exec and transaction (once per client, however often it is opened). */
export function guardNestedQueries(client: PGlite): void {
  if (guarded.has(client)) return;
  guarded.add(client);
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  client.query = ((...args: Parameters<PGlite['query']>) => {
    refuseInsideTransaction();
    return query(...args);
  }) as PGlite['query'];
  client.exec = (...args: Parameters<PGlite['exec']>) => {
    refuseInsideTransaction();
    return exec(...args);
  };
  client.transaction = markedTransaction(client.transaction.bind(client)) as PGlite['transaction'];
}

/**
 * The same for PostgreSQL: the pool hands out no connection from inside an open transaction's work (a root
 * query takes one through `connect` too), and drizzle's `transaction` marks its work.
 */
export function guardNestedPoolQueries(
  pool: pg.Pool,
  db: { transaction: (...args: never[]) => unknown },
): void {
  if (guarded.has(pool)) return;
  guarded.add(pool);
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.connect = ((...args: unknown[]) => {
    refuseInsideTransaction();
    return connect(...args);
  }) as pg.Pool['connect'];
  const transaction = db.transaction.bind(db) as unknown as Parameters<typeof markedTransaction>[0];
  db.transaction = markedTransaction(transaction) as never;
}
