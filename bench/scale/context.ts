import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { buildApp } from '#server/app';
import { assembleDeps } from '#server/assemble-deps';
import type { Clock } from '#server/core/clock';
import { systemClock } from '#server/core/clock';
import { loadConfig } from '#server/config';
import { openDatabase, type Database, type Db } from '#server/db/client';
import { schema } from '#server/db/schema';
import { createConsoleSmsProvider } from '#server/integrations/sms/console-provider';
import { OTP } from '../money-path';
import { scaleDatabaseName, urlOf, withClient } from './database';
import type { ScaleParams } from './steps';

export const OPERATOR_TOKEN = 'bench-scale-operator-token-0123456789abcdef';
/** The payers of the shop payment row: members 2..9 (member 1 is the heaviest shopper: the history's). */
export const PAYERS = [2, 3, 4, 5, 6, 7, 8, 9];
export const phoneOf = (n: number) => `79${String(n).padStart(9, '0')}`;
export const cardOf = (n: number) => `7770${String(n).padStart(12, '0')}`;
export const userIdOf = async (db: Db, n: number) => {
  const { rows } = (await db.execute(`select id from users where phone = '${phoneOf(n)}'`)) as unknown as {
    rows: Array<{ id: string }>;
  };
  return rows[0]!.id;
};

/** A clock the jobs' rows set: they run at a moment the data makes due. */
export interface SettableClock extends Clock {
  at: Date | null;
}

/** One scale database with the whole app over it (inject), a plain pool, and what it was generated with. */
export interface ScaleContext {
  label: string;
  url: string;
  params: ScaleParams;
  database: Database;
  /** A drizzle over a pool of its own: the services measured in process. */
  db: Db;
  app: Awaited<ReturnType<typeof buildApp>>;
  clock: SettableClock;
  deps: ReturnType<typeof assembleDeps>;
  close(): Promise<void>;
}

export async function openScale(members: number): Promise<ScaleContext> {
  const url = urlOf(scaleDatabaseName(members));
  const params = await withClient(url, async (c) => {
    const done = await c.query("select 1 from scale_gen.steps where name = 'vacuum analyze'");
    if (!done.rowCount) throw new Error(`${scaleDatabaseName(members)} is not generated to the end`);
    return (await c.query<{ params: ScaleParams }>('select params from scale_gen.params')).rows[0]!.params;
  });
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const db = drizzle({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  const clock: SettableClock = { at: null, now: () => clock.at ?? systemClock.now() };
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    OPERATOR_TOKEN,
    SMS_TEST_OTP: PAYERS.map((n) => `${phoneOf(n)}:${OTP}`).join(','),
  });
  const sms = createConsoleSmsProvider({ clock: systemClock, log: () => undefined });
  const deps = assembleDeps({ config, database, sms, clock });
  const app = await buildApp(deps, { logger: false });
  return {
    label: `${members.toLocaleString('en')} members`,
    url,
    params,
    database,
    db,
    app,
    clock,
    deps,
    close: async () => {
      await app.close();
      await database.close();
      await pool.end();
    },
  };
}
