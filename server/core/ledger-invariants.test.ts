import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { customerWithBonuses } from '#server/test/payments-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { ledgerViolations } from './ledger-invariants';

/** The invariants themselves: quiet on a sound ledger, and naming what a broken one breaks. */
describe('the ledger invariants', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  const ledger = () => t.app.inject({ url: '/api/dev/ledger', remoteAddress: '127.0.0.1' });

  it('finds nothing on a sound ledger, and the dev route (this machine only) says so', async () => {
    await customerWithBonuses(t, '79005550065', 120);
    expect(await ledgerViolations(t.deps.db, new Date())).toEqual([]);
    expect((await ledger()).json()).toEqual({ violations: [] });
    expect((await t.app.inject({ url: '/api/dev/ledger', remoteAddress: '203.0.113.9' })).statusCode).toBe(
      404,
    );
  });

  it('names a cached balance that drifted from its entries, and the lots that no longer add up to it', async () => {
    const userId = await customerWithBonuses(t, '79005550066', 120);
    await t.deps.db.execute(sql`
      update ledger_accounts set balance = balance + 100 where user_id = ${userId} and kind = 'bonus'`);
    const found = await ledgerViolations(t.deps.db, new Date());
    expect(found.map((v) => v.check)).toEqual([
      'cached balances that differ from their entries',
      'bonus lots that do not add up to the bonus balance',
    ]);
    expect(found[1]!.rows).toEqual([{ user_id: userId }]);
    expect((await ledger()).json().violations).toHaveLength(2);
  });
});
