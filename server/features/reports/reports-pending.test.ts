import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDay } from '#common/lib/format';
import { readBrandSettings, saveBrandSettings } from '#server/core/brand-settings';
import { SYSTEM_ACCOUNTS } from '#server/db/system-accounts';
import { fakeClock } from '#server/test/auth-kit';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { cardholder, issueKey, memberCode, OPERATOR_TOKEN, till } from '#server/test/till-kit';

const TZ = 'Europe/Moscow';

/**
 * With a return window (decision 030) a purchase's bonuses wait in the customer's `bonus_pending` account: they
 * are issued and owed, so the programme's liability in the reports (decision 031) counts them.
 */
describe('reports with pending bonuses', () => {
  let t: TestApp;
  const clock = fakeClock(Date.now());

  beforeAll(async () => {
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
    const settings = await readBrandSettings(t.deps.db);
    await saveBrandSettings(t.deps.db, t.deps.cache, { ...settings, levels: [], bonusPendingDays: 14 });
    const { key } = await issueKey(t, 1);
    const card = await cardholder(t, '79007780001', 0);
    clock.advance(121_000);
    const visit = await till(t, key, 'POST', '/api/till/verify', {
      code: memberCode(card, clock.now().getTime()),
    });
    expect(visit.statusCode, visit.body).toBe(200);
    const accrued = await till(t, key, 'POST', '/api/till/accrue', {
      visitId: visit.json().visitId,
      sum: 1000,
      idempotencyKey: 'accrue-pending-1',
    });
    expect(accrued.statusCode, accrued.body).toBe(200);
  });
  afterAll(async () => {
    await assertLedgerInvariants(t.deps.db, { now: clock.now() });
    await t.close();
  });

  it('counts the bonuses waiting in the window as issued and outstanding', async () => {
    // Around today, as the main reports test: the seeded history was posted when the test database was built.
    const day = (n: number) => calendarDay(new Date(Date.now() + n * 86_400_000), TZ);
    const response = await t.app.inject({
      url: `/api/operator/reports?from=${day(-1)}&to=${day(1)}`,
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [sums] = (
      (await t.deps.db.execute(sql`
        select
          (select coalesce(sum(balance), 0) from ledger_accounts where kind = 'bonus_pending')::int as pending,
          (select coalesce(sum(balance), 0) from ledger_accounts where kind = 'bonus')::int as spendable,
          (select coalesce(-sum(e.amount), 0) from ledger_entries e
            where e.account_id = ${SYSTEM_ACCOUNTS.bonus_issued})::int as issued`)) as unknown as {
        rows: { pending: number; spendable: number; issued: number }[];
      }
    ).rows;
    expect(sums!.pending).toBeGreaterThan(0);
    const bonuses = response.json().totals.bonuses;
    expect(bonuses.issued).toBe(sums!.issued);
    // Nothing is on hold here: what is owed is what customers hold, spendable or waiting.
    expect(bonuses.outstanding).toBe(sums!.spendable + sums!.pending);
  });
});
