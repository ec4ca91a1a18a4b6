// Several instances starting at once against one PostgreSQL apply the migrations once (an advisory lock).
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';

const base = process.env.TEST_DATABASE_URL;

describe.skipIf(!base)('migrations on PostgreSQL', () => {
  it('four instances starting together against an empty database all start', async () => {
    const name = `kopilka_migrace_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const url = new URL(base!);
      url.pathname = `/${name}`;
      const opened = await Promise.all(
        Array.from({ length: 4 }, () => openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 })),
      );
      await Promise.all(opened.map((database) => database.ping()));
      await Promise.all(opened.map((database) => database.close()));
      // Each migration was recorded once.
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const { rows } = await check.query<{ n: string; distinct: string }>(
        'select count(*) as n, count(distinct hash) as distinct from drizzle.__drizzle_migrations',
      );
      await check.end();
      expect(Number(rows[0]!.n)).toBeGreaterThan(0);
      expect(rows[0]!.n).toBe(rows[0]!.distinct);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
