import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite has one connection: while a transaction is open, every other query waits for it to end. A query on the
 * root database issued from inside that transaction's own work therefore waits for itself, and the whole server
 * waits behind it, for ever. It happened once (the settings cache, rebuilt through the root database inside a
 * payment's settlement, hung the e2e server: decision 065), and only when the cache happened to be cold.
 *
 * The guard makes that mistake fail at once and loudly, in the request that made it, whatever the cache holds:
 * each transaction runs in an async context that knows it is open, and a root query or a second transaction
 * started from that context while it is still open throws instead of waiting.
 */
const openTransaction = new AsyncLocalStorage<{ open: boolean }>();

export class NestedQueryError extends Error {
  constructor() {
    super(
      'A query on the root database inside an open transaction would wait for itself on PGlite: use the ' +
        'transaction handle',
    );
  }
}

function refuseInsideTransaction() {
  if (openTransaction.getStore()?.open) throw new NestedQueryError();
}

const guarded = new WeakSet<PGlite>();

/** Wraps the client's own query, exec and transaction (once per client, however often it is opened). */
export function guardNestedQueries(client: PGlite): void {
  if (guarded.has(client)) return;
  guarded.add(client);
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<PGlite['query']>) => {
    refuseInsideTransaction();
    return query(...args);
  }) as PGlite['query'];
  client.exec = (...args: Parameters<PGlite['exec']>) => {
    refuseInsideTransaction();
    return exec(...args);
  };
  client.transaction = (async (callback: Parameters<PGlite['transaction']>[0]) => {
    refuseInsideTransaction();
    const state = { open: true };
    try {
      return await openTransaction.run(state, () => transaction(callback));
    } finally {
      // Work the transaction left running (a promise nobody awaited) may query once it has ended.
      state.open = false;
    }
  }) as PGlite['transaction'];
}
