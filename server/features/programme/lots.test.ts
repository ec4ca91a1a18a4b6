import { asc, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seededRandom, testSeed } from '#common/testing/random';
import { createAdjustableClock, type AdjustableClock } from '#server/core/adjustable-clock';
import { systemClock } from '#server/core/clock';
import { lotsTotal } from '#server/core/earn/lots';
import {
  balancesOf,
  customerAccounts,
  InsufficientFundsError,
  postTransaction,
  transfer,
} from '#server/core/ledger';
import { kopecks } from '#server/core/money';
import type { PostingKind } from '#server/db/posting-kinds';
import { inTransaction } from '#server/db/in-transaction';
import { bonusLots } from '#server/db/schema/programme';
import type { ConsoleSmsProvider } from '#server/integrations/sms/console-provider';
import { SYSTEM_ACCOUNTS } from '#server/db/system-accounts';
import { callAs } from '#server/test/cabinet-kit';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { customerWithBonuses } from '#server/test/payments-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { cardholder, issueKey, memberCode, OPERATOR_TOKEN, till } from '#server/test/till-kit';
import { expireLots, warnExpiringLots } from './expire-lots';

const DAY = 86_400_000;
const SEED = testSeed(27);

/**
 * Bonus lots (decision 027): every credit a lot, every debit from the soonest-expiring lots, the expiry job
 * posting what is left; the ledger's invariants (lots add up to the balance) after every step.
 */
describe('bonus lots and expiry', () => {
  let t: TestApp;
  let clock: AdjustableClock;
  beforeEach(async () => {
    clock = createAdjustableClock(systemClock);
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
    await setExpiry(30, 7);
  });
  afterEach(async () => {
    await assertLedgerInvariants(t.deps.db, { now: clock.now() });
    await t.close();
  });

  async function setExpiry(days: number | null, warnDays: number) {
    await t.deps.db.execute(sql`update brand_settings set settings = settings
      || jsonb_build_object('bonusExpiryDays', ${days}::int, 'bonusExpiryWarnDays', ${warnDays}::int)`);
  }
  let keyCounter = 0;
  const post = (userId: string, amount: number, kind: PostingKind) =>
    inTransaction(t.deps.db, async (tx) => {
      const { bonus } = await customerAccounts(tx, userId);
      const other = amount > 0 ? SYSTEM_ACCOUNTS.bonus_issued : SYSTEM_ACCOUNTS.bonus_spent;
      return postTransaction(tx, {
        idempotencyKey: `lots-test:${++keyCounter}`,
        kind,
        entries: transfer(other, bonus, kopecks(amount)),
      });
    });
  const lotsOf = (userId: string) =>
    t.deps.db
      .select()
      .from(bonusLots)
      .where(eq(bonusLots.userId, userId))
      .orderBy(sql`${bonusLots.expiresAt} nulls last`, asc(bonusLots.earnedAt), asc(bonusLots.id));

  /** Oldest first: the consumed lots come first, then at most one partly taken, then untouched ones. */
  async function expectOldestFirst(userId: string) {
    const lots = await lotsOf(userId);
    const ranks = lots.map((l) => (l.remaining === 0 ? 0 : l.remaining === l.amount ? 2 : 1));
    const ordered = ranks.every((rank, i) => i === 0 || rank >= ranks[i - 1]!);
    expect(
      ordered && ranks.filter((r) => r === 1).length <= 1,
      `lots taken oldest first: ${ranks.join('')}`,
    ).toBe(true);
    expect(await lotsTotal(t.deps.db, userId)).toBe((await balancesOf(t.deps.db, userId)).bonus);
  }

  for (let sequence = 0; sequence < 3; sequence++) {
    it(`sequence ${sequence}: random credits, spends and expiries keep the lots equal to the balance, oldest first`, async () => {
      const random = seededRandom(SEED + sequence);
      const userId = await customerWithBonuses(t, `7955100000${sequence}`, 0);
      for (let step = 0; step < 25; step++) {
        const balance = (await balancesOf(t.deps.db, userId)).bonus;
        const roll = random.next();
        if (roll < 0.45) await post(userId, random.int(1, 50_000), 'test_credit');
        else if (roll < 0.85 && balance > 0) await post(userId, -random.int(1, balance), 'till_spend');
        else if (roll < 0.9) {
          // Any debit kind takes lots, even one that empties the balance (an account closing, say).
          if (balance > 0) await post(userId, -balance, 'account_closed');
        } else {
          clock.advance(random.int(1, 40) * DAY);
          await expireLots(t.deps);
        }
        await expectOldestFirst(userId);
      }
      await assertLedgerInvariants(t.deps.db, { now: new Date(0) });
    });
  }

  it('parallel spends over several lots never overdraw and take the lots oldest first', async () => {
    const userId = await customerWithBonuses(t, '79551000099', 0);
    for (const amount of [10_000, 20_000, 30_000]) await post(userId, amount, 'test_credit');
    const random = seededRandom(SEED);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => post(userId, -random.int(1_000, 9_000), 'till_spend')),
    );
    for (const r of results)
      if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(InsufficientFundsError);
    expect((await balancesOf(t.deps.db, userId)).bonus).toBeGreaterThanOrEqual(0);
    await expectOldestFirst(userId);
  });

  it('warns D days before, expires on the day by a bonus_expiry posting; the cabinet and the till show it', async () => {
    const phone = '79551000098';
    const { key } = await issueKey(t, 1);
    const card = await cardholder(t, phone, 0);
    const verify = async () => {
      clock.advance(150_000); // a member code is accepted once: the next one
      const code = memberCode(card, clock.now().getTime());
      const visit = await till(t, key, 'POST', '/api/till/verify', { code });
      expect(visit.statusCode, visit.body).toBe(200);
      return visit.json();
    };
    const visit = await verify();
    const accrued = await till(t, key, 'POST', '/api/till/accrue', {
      visitId: visit.visitId,
      sum: 1000,
      idempotencyKey: 'expiry-accrue-1',
    });
    expect(accrued.json()).toMatchObject({ earned: 30 });
    const on = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(
      new Date(Date.now() + 30 * DAY),
    );
    const shown = (await callAs(t, phone, 'GET', '/api/user/bonus-expiry')).json();
    expect(shown).toEqual({ expiring: { bonuses: 30, on }, pending: null });
    expect((await verify()).customer).toMatchObject({ bonuses: 30, expiring: { bonuses: 30, on } });

    clock.advance(22 * DAY);
    expect(await warnExpiringLots(t.deps)).toBe(0);
    clock.advance(2 * DAY);
    expect(await warnExpiringLots(t.deps)).toBe(1);
    expect(await warnExpiringLots(t.deps)).toBe(0); // once
    const [year, month, day] = on.split('-');
    // The year only when the warning goes out in another year (a journey near New Year).
    const thisYear = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow', year: 'numeric' }).format(
      clock.now(),
    );
    const sms = t.deps.sms as ConsoleSmsProvider;
    expect(sms.outbox(phone)[0]?.text).toBe(
      `30\u00a0бонусов сгорят ${day}.${month}${year === thisYear ? '' : `.${year}`}. Потратьте их в «Берёзка»`,
    );
    expect(await expireLots(t.deps)).toBe(0);

    clock.advance(6 * DAY + 3_600_000);
    expect(await expireLots(t.deps)).toBe(1);
    expect(await expireLots(t.deps)).toBe(0);
    expect((await balancesOf(t.deps.db, card.userId)).bonus).toBe(0);
    const kinds = await t.deps.db.execute<{ kind: string }>(
      sql`select kind from ledger_transactions where idempotency_key like 'bonus-expiry:%'`,
    );
    expect((kinds as unknown as { rows: { kind: string }[] }).rows).toEqual([{ kind: 'bonus_expiry' }]);
    expect((await verify()).customer).toMatchObject({ bonuses: 0, expiring: null });
  });

  it('keeps bonuses forever when expiry is off (the default)', async () => {
    await setExpiry(null, 7);
    const userId = await customerWithBonuses(t, '79551000097', 0);
    await post(userId, 5_000, 'test_credit');
    clock.advance(400 * DAY);
    expect(await expireLots(t.deps)).toBe(0);
    expect((await balancesOf(t.deps.db, userId)).bonus).toBe(5_000);
    expect((await lotsOf(userId))[0]).toMatchObject({ amount: 5_000, remaining: 5_000, expiresAt: null });
  });
});
