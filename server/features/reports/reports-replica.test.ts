import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { calendarDay } from '#common/lib/format';
import { openDatabase, type Database } from '#server/db/client';
import { copyPrefix, databaseUrl, templateName, withAdmin } from '#server/test/postgres-template';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { cardholder } from '#server/test/till-kit';
import { buildReport } from './report';
import { addDays, rowsOf } from './report-queries';

/**
 * Decision 090: a report on a deployment with a replica (decision 074) writes the days it closes, and the owed
 * amount it sums, on the primary; the replica refuses writes. Here the "replica" is the same database through a
 * pool whose every transaction is read-only, so the server refuses a write on it as a standby would.
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')(
  'a report with a read-only replica (decision 090)',
  () => {
    let t: TestApp;
    let database: Database;
    let name: string;
    const TZ = 'Europe/Moscow';

    beforeAll(async () => {
      const run = inject('pgTestRun');
      name = `${copyPrefix(run)}${randomBytes(6).toString('hex')}`;
      await withAdmin((admin) => admin.query(`create database "${name}" template "${templateName(run)}"`));
      const readOnly = new URL(databaseUrl(name));
      readOnly.searchParams.set('options', '-c default_transaction_read_only=on');
      database = await openDatabase(
        {
          kind: 'postgres',
          url: databaseUrl(name),
          replica: { url: readOnly.toString(), maxLagMs: 5000, probeMs: 50 },
        },
        { migrate: false },
      );
      t = await createTestApp({ database });
      await cardholder(t, '79007791001', 100);
    });
    afterAll(async () => {
      await t.close();
      await database.close();
      await withAdmin((admin) => admin.query(`drop database if exists "${name}" with (force)`));
    });

    it('closes the days and sums the owed amount on the primary, and gives what a report without a replica gives', async () => {
      const write = database.readDb.execute(sql`insert into report_days_closed values ('UTC', '2026-01-01')`);
      await expect(write).rejects.toMatchObject({
        cause: { message: expect.stringMatching(/read-only transaction/) },
      });
      await expect.poll(() => database.readTarget(), { timeout: 5000 }).toBe('replica');
      const today = calendarDay(new Date(), TZ);
      const query = { from: addDays(today, -10), to: today };
      const withReplica = await buildReport({ db: database.db, readDb: database.readDb }, query);
      const closed = rowsOf<{ n: number }>(
        await database.db.execute(sql`
        select (select count(*)::int from report_days_closed where time_zone = ${TZ})
          + (select count(*)::int from report_owed_days where time_zone = ${TZ})
          -- The owed sum is stored once yesterday is a quarter of an hour over: counted as if stored before.
          + (now() < ((now() at time zone ${TZ})::date::timestamp at time zone ${TZ}) + interval '15 minutes')::int
          as n`),
      )[0]!.n;
      expect(closed).toBe(10 + 1);
      // Again with every day closed (a standby would be read now; this "replica" is no standby, so the primary
      // is), and the figures are the same as the primary's alone.
      expect(await buildReport({ db: database.db, readDb: database.readDb }, query)).toEqual(withReplica);
      expect(await buildReport({ db: database.db }, query)).toEqual(withReplica);
      expect(withReplica.totals.bonuses.outstanding).toBeGreaterThan(0);
    });
  },
);
