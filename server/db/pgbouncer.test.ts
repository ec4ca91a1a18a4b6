import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoBrand } from './seed/demo-brand';
import { openDatabase, type Database } from './client';
import { nameStatements } from './prepared';
import {
  completeDraft,
  createDraft,
  customerWithBonuses,
  processDraft,
  setMaxSpendPercent,
} from '../test/payments-kit';
import { assertLedgerInvariants } from '../test/ledger-invariants';
import { startPgbouncer, type RunningPgbouncer } from '../test/pgbouncer';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * The app behind PgBouncer in transaction mode (decision 078): Debian's PgBouncer is 1.18, which cannot carry
 * named prepared statements, so the money path's (decision 037) are sent unnamed
 * (DATABASE_PREPARED_STATEMENTS=unnamed). Migrations (their lock is a transaction's), logins and payments from
 * several customers at once, over more client connections than PgBouncer has server connections, so a
 * statement named on one server connection would be asked of another.
 */
const server = process.env.TEST_DATABASE_URL;
const name = `kopilka_pgbouncer_${process.pid}`;

async function admin(text: string) {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

describe.skipIf(!server)('behind PgBouncer in transaction mode (decision 078)', () => {
  let pooler: RunningPgbouncer;
  let database: Database;
  let t: TestApp;

  beforeAll(async () => {
    await admin(`create database ${name}`);
    pooler = await startPgbouncer(server!, { poolSize: 2 });
    const url = Object.assign(new URL(pooler.urlFor(server!)), { pathname: `/${name}` }).toString();
    database = await openDatabase({ kind: 'postgres', url, poolSize: 8, namedStatements: false });
    await seedDemoBrand(database.db);
    t = await createTestApp({ database });
    await setMaxSpendPercent(t, 100);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await database?.close();
    nameStatements(true);
    await pooler?.stop();
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('pays from six customers at once, three times each, and the ledger holds', async () => {
    const phones = Array.from({ length: 6 }, (_, i) => `7912000000${i}`);
    await Promise.all(phones.map((phone) => customerWithBonuses(t, phone, 1000)));
    const pay = async (phone: string) => {
      const draft = await createDraft(t, phone, { paySum: 10, spendBonus: true, payType: 'CARD' });
      const processed = await processDraft(t, phone, draft.draftId);
      expect(processed.statusCode, processed.body).toBe(200);
      const completed = await completeDraft(t, phone, draft.draftId);
      expect(completed.statusCode, completed.body).toBe(200);
    };
    for (let round = 0; round < 3; round++) await Promise.all(phones.map(pay));
    const { rows } = (await database.db.execute(
      "select count(*)::int as n from payment_drafts where state = 'completed'",
    )) as unknown as { rows: Array<{ n: number }> };
    expect(rows[0]!.n).toBe(18);
    await assertLedgerInvariants(database.db);
  }, 60_000);
});
