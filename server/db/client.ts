import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { guardNestedPoolQueries, guardNestedQueries } from './nesting-guard';
import { nameStatements } from './prepared';
import { routeReadsToReplica, type ReplicaOptions } from './read-replica';
import { ensureSystemAccounts } from './system-accounts';
import { schema } from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  /**
   * For reads that may be a moment old (reports, the cabinet's history, the console's receipts): a replica's
   * with `DATABASE_READ_URL`, falling back to the primary (decision 074); else `db` itself. Never for a
   * transaction or a write.
   */
  readDb: Db;
  /** Where `readDb`'s queries go now. */
  readTarget(): 'primary' | 'replica';
  kind: 'pglite' | 'postgres';
  /** A query that proves the database answers (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Migrations sit beside this file in the source tree and beside the bundle in dist/server. */
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseTarget =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /**
       * False behind a transaction-mode pooler that cannot carry named prepared statements (decision 078): the
       * money path's statements are sent unnamed. Default true.
       */
      namedStatements?: boolean;
      /** A streaming replica for the reads that may lag (decision 074). */
      replica?: { url: string } & ReplicaOptions;
    }
  | {
      kind: 'pglite';
      dataDir: string | null;
      /** A migrated cluster the build made (`dist/server/pglite-cluster/`): a new data directory starts as its copy. */
      freshCluster?: string;
    }
  | { kind: 'pglite-instance'; client: PGlite };

/** Any constant both instances agree on: the key of the advisory lock that serialises migrations. */
const MIGRATION_LOCK_KEY = 7_370_001;

/**
 * Several instances starting together against one PostgreSQL would race to apply the same migration; an
 * advisory lock, held on its own connection (the pool may have only one), lets one apply them while the others
 * wait and then find nothing left to do.
 */
async function underMigrationLock(url: string, work: () => Promise<void>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // A transaction's lock, held by the open transaction: behind a transaction-mode pooler (decision 078) a
    // session lock could be taken on one server connection and its unlock sent to another, leaving it held.
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await work();
    } finally {
      await client.query('commit');
    }
  } finally {
    await client.end();
  }
}

/**
 * PGlite in `dataDir` (memory for null). A data directory that holds no cluster yet starts as a copy of the
 * build's migrated cluster when there is one: PGlite's own initdb costs seconds of a first start, and unpacking
 * a tarball into it (PGlite's `loadDataDir`) about a second; copying the 41 MB directory takes 0.1 s.
 */
async function openPglite(dataDir: string | null, freshCluster: string | undefined): Promise<PGlite> {
  if (!dataDir) return new PGlite();
  mkdirSync(dataDir, { recursive: true });
  const isNew = !existsSync(join(dataDir, 'PG_VERSION'));
  if (isNew && freshCluster && existsSync(join(freshCluster, 'PG_VERSION'))) {
    // PG_VERSION last: a copy cut short leaves a directory that is still new, and the next start copies again.
    cpSync(freshCluster, dataDir, {
      recursive: true,
      filter: (source) => source !== join(freshCluster, 'PG_VERSION'),
    });
    cpSync(join(freshCluster, 'PG_VERSION'), join(dataDir, 'PG_VERSION'));
  }
  return new PGlite(dataDir);
}

/** A PostgreSQL pool that survives its connections dropping. */
function openPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // While the database is away a request waits at most this long for a connection, then answers 503.
    connectionTimeoutMillis: 5000,
  });
  // A dropped connection must not crash the process; the next query gets a fresh one. The pool listens
  // only on idle clients: a client checked out for a transaction whose connection is cut (a restart,
  // pg_terminate_backend) emits 'error' with nobody listening, which would end the process. Its query
  // fails anyway, and the pool drops the broken client when it is released.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/**
 * Opens PGlite (in `dataDir`, or in memory for null) or a PostgreSQL pool, applies the migrations and creates the
 * ledger's system accounts (reference rows the code names by id).
 */
export async function openDatabase(
  target: DatabaseTarget,
  options: { migrate?: boolean } = {},
): Promise<Database> {
  const shouldMigrate = options.migrate ?? true;
  if (target.kind === 'postgres') {
    nameStatements(target.namedStatements ?? true);
    const pool = openPool(target.url, target.poolSize ?? 10);
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
    guardNestedPoolQueries(pool, db);
    if (shouldMigrate) {
      await underMigrationLock(target.url, () => migratePg(db, { migrationsFolder }));
      await ensureSystemAccounts(db as unknown as Db);
    }
    const replicaPool = target.replica ? openPool(target.replica.url, target.poolSize ?? 10) : null;
    const routing = replicaPool && routeReadsToReplica(replicaPool, pool, target.replica!);
    const readDb = replicaPool ? drizzlePg({ client: replicaPool, schema, casing: 'snake_case' }) : db;
    return {
      db: db as unknown as Db,
      readDb: readDb as unknown as Db,
      readTarget: () => routing?.target() ?? 'primary',
      kind: 'postgres',
      ping: async () => void (await db.execute(sql`select 1`)),
      close: async () => {
        routing?.stop();
        await Promise.all([pool.end(), replicaPool?.end()]);
      },
    };
  }
  let client: PGlite;
  if (target.kind === 'pglite-instance') client = target.client;
  else client = await openPglite(target.dataDir, target.freshCluster);
  guardNestedQueries(client);
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  if (shouldMigrate) {
    await migratePglite(db, { migrationsFolder });
    await ensureSystemAccounts(db as unknown as Db);
  }
  return {
    db: db as unknown as Db,
    readDb: db as unknown as Db,
    readTarget: () => 'primary',
    kind: 'pglite',
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => client.close(),
  };
}
