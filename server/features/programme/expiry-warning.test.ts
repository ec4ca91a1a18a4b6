import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bonusLots } from '#server/db/schema/programme';
import type { ConsoleSmsProvider } from '#server/integrations/sms/console-provider';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { customerWithBonuses } from '#server/test/payments-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { warnExpiringLots } from './expire-lots';

const PHONE = '79551000052';

/** The warning SMS writes its date as a person reads it (decision 052): the year when it is another year's. */
describe('the expiry warning’s date', () => {
  let t: TestApp;
  let clock: FakeClock;
  beforeEach(async () => {
    // 20 December: bonuses expiring on 10 January are next year's.
    clock = fakeClock(Date.parse('2030-12-20T09:00:00Z'));
    t = await createTestApp({ clock });
    await t.deps.db.execute(sql`update brand_settings set settings = settings
      || jsonb_build_object('bonusExpiryDays', 21::int, 'bonusExpiryWarnDays', 30::int)`);
  });
  afterEach(async () => {
    await assertLedgerInvariants(t.deps.db, { now: clock.now() });
    await t.close();
  });

  it('names the year of a date in another year, with the bonuses’ plural form', async () => {
    const userId = await customerWithBonuses(t, PHONE, 90);
    await t.deps.db
      .update(bonusLots)
      .set({ expiresAt: new Date('2031-01-10T09:00:00Z') })
      .where(eq(bonusLots.userId, userId));
    expect(await warnExpiringLots(t.deps)).toBe(1);
    expect((t.deps.sms as ConsoleSmsProvider).outbox(PHONE)[0]?.text).toBe(
      '90\u00a0бонусов сгорят 10.01.2031. Потратьте их в «Берёзка»',
    );
  }, 60_000);
});
