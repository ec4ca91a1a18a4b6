import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { inTransaction } from './in-transaction';
import { guardNestedQueries, NestedQueryError } from './nesting-guard';

describe('PGlite nesting guard (decision 065)', () => {
  const client = new PGlite();
  guardNestedQueries(client);
  guardNestedQueries(client); // a second open of the same client changes nothing
  afterEach(async () => {
    await client.exec('drop table if exists t');
  });

  it('refuses a root query from inside an open transaction instead of waiting for ever', async () => {
    await client.exec('create table t (n int)');
    const attempt = client.transaction(async (tx) => {
      await tx.query('insert into t values (1)');
      await client.query('select count(*) from t');
    });
    await expect(attempt).rejects.toBeInstanceOf(NestedQueryError);
    // The transaction rolled back, and the client still answers.
    expect((await client.query<{ n: number }>('select count(*)::int as n from t')).rows).toEqual([{ n: 0 }]);
  });

  it('refuses a transaction inside a transaction, and lets work outlive its transaction', async () => {
    await expect(client.transaction(() => client.transaction(async () => 1))).rejects.toBeInstanceOf(
      NestedQueryError,
    );
    let later: Promise<unknown> = Promise.resolve();
    const started = new Promise<void>((release) => {
      void client.transaction(async (tx) => {
        await tx.query('select 1');
        // Left running: by the time it queries, the transaction has committed.
        later = new Promise((r) => setTimeout(r, 20)).then(() => client.query('select 2 as n'));
        release();
      });
    });
    await started;
    await expect(later).resolves.toMatchObject({ rows: [{ n: 2 }] });
  });

  it('lets concurrent transactions and queries from other requests wait their turn as before', async () => {
    const results = await Promise.all([
      client.transaction(async (tx) => (await tx.query<{ n: number }>('select 1 as n')).rows[0]!.n),
      client.query<{ n: number }>('select 2 as n').then((r) => r.rows[0]!.n),
      client.transaction(async (tx) => (await tx.query<{ n: number }>('select 3 as n')).rows[0]!.n),
    ]);
    expect(results).toEqual([1, 2, 3]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL nesting guard (decision 065)', () => {
  it('refuses a root query or a second transaction inside an open transaction; others take turns', async () => {
    const database = await openDatabase(
      { kind: 'postgres', url: process.env.TEST_DATABASE_URL!, poolSize: 2 },
      { migrate: false },
    );
    const { db } = database;
    try {
      const one = sql`select 1 as n`;
      // drizzle wraps what the pool threw as a failed query.
      await expect(inTransaction(db, async () => db.execute(one))).rejects.toMatchObject({
        cause: expect.any(NestedQueryError),
      });
      await expect(inTransaction(db, () => inTransaction(db, async () => 1))).rejects.toBeInstanceOf(
        NestedQueryError,
      );
      // Three transactions and a root query at once on a pool of two: each waits its turn, none is refused.
      const rows = await Promise.all([
        inTransaction(db, (tx) => tx.execute(one)),
        db.execute(one),
        inTransaction(db, (tx) => tx.execute(one)),
        inTransaction(db, (tx) => tx.execute(one)),
      ]);
      expect(rows.map((r) => (r as { rows: unknown[] }).rows[0])).toEqual([
        { n: 1 },
        { n: 1 },
        { n: 1 },
        { n: 1 },
      ]);
    } finally {
      await database.close();
    }
  });
});
