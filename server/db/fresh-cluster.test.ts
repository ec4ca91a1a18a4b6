// A new embedded data directory starts from the build's empty cluster (scripts/build.mjs) instead of running
// PGlite's initdb, and is an ordinary data directory from then on.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';

describe('a new PGlite data directory from the fresh cluster', () => {
  let work: string;
  let clusterFile: string;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'kopilka-cluster-'));
    const cluster = new PGlite();
    await cluster.waitReady;
    const dump = await cluster.dumpDataDir('gzip');
    await cluster.close();
    clusterFile = join(work, 'pglite-cluster.tar.gz');
    writeFileSync(clusterFile, Buffer.from(await dump.arrayBuffer()));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const openAndCount = async (dataDir: string) => {
    const database = await openDatabase({ kind: 'pglite', dataDir, freshCluster: clusterFile });
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

  it('a missing cluster file falls back to initdb', async () => {
    const dataDir = join(work, 'data-without');
    const database = await openDatabase({ kind: 'pglite', dataDir, freshCluster: join(work, 'none.tar.gz') });
    await database.ping();
    await database.close();
  });
});
