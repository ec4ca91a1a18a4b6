// A new embedded data directory starts as a copy of the build's cluster (scripts/build.mjs) instead of running
// PGlite's initdb, and is an ordinary data directory from then on.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';

describe('a new PGlite data directory from the fresh cluster', () => {
  let work: string;
  let clusterDir: string;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'kopilka-cluster-'));
    clusterDir = join(work, 'pglite-cluster');
    const cluster = new PGlite(clusterDir);
    await cluster.waitReady;
    await cluster.close();
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const openAndCount = async (dataDir: string) => {
    const database = await openDatabase({ kind: 'pglite', dataDir, freshCluster: clusterDir });
    try {
      await database.db.execute(sql`insert into rate_limits (key, window_start, count) values
        ('cluster-test', now(), 1) on conflict (key) do update set count = rate_limits.count + 1`);
      const result = await database.db.execute<{ count: number }>(
        sql`select count from rate_limits where key = 'cluster-test'`,
      );
      return (result as unknown as { rows: Array<{ count: number }> }).rows[0]!.count;
    } finally {
      await database.close();
    }
  };

  it('migrates, keeps what was written across a restart, and ignores the cluster for an existing directory', async () => {
    const dataDir = join(work, 'data');
    expect(await openAndCount(dataDir)).toBe(1);
    // The second open finds PG_VERSION and opens the directory as it is: the row written before is there.
    expect(await openAndCount(dataDir)).toBe(2);
  });

  it('leaves the build’s cluster as it was', async () => {
    await openAndCount(join(work, 'data-elsewhere'));
    const cluster = new PGlite(clusterDir);
    const tables = await cluster.query(
      `select count(*)::int as n from pg_tables where tablename = 'rate_limits'`,
    );
    await cluster.close();
    expect(tables.rows).toEqual([{ n: 0 }]);
  });

  it('copies again over a copy cut short (no PG_VERSION yet)', async () => {
    const dataDir = join(work, 'data-cut-short');
    mkdirSync(join(dataDir, 'base'), { recursive: true });
    writeFileSync(join(dataDir, 'base', 'half-written'), 'x');
    expect(await openAndCount(dataDir)).toBe(1);
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
  });

  it('a missing cluster falls back to initdb', async () => {
    const dataDir = join(work, 'data-without');
    const database = await openDatabase({ kind: 'pglite', dataDir, freshCluster: join(work, 'none') });
    await database.ping();
    await database.close();
  });
});
