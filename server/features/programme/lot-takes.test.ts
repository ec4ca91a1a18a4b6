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
import { inTransaction } from '#server/db/in-transaction';
import { bonusLots } from '#server/db/schema/programme';
import { SYSTEM_ACCOUNTS } from '#server/db/system-accounts';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { customerWithBonuses } from '#server/test/payments-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { cardholder, issueKey, memberCode, OPERATOR_TOKEN, till } from '#server/test/till-kit';
import { expireLots } from './expire-lots';

const DAY = 86_400_000;
const SEED = testSeed(30);

/**
 * Decision 030: a debit records what it took from each lot, and a posting that restores it (a released hold, a
 * refund) gives those lots back with their own expiry, so abandoning a payment never renews bonuses.
 */
describe('bonus lot takes: a release restores the lots it took', () => {
  let t: TestApp;
  let clock: AdjustableClock;
  beforeEach(async () => {
    clock = createAdjustableClock(systemClock);
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
    await t.deps.db.execute(
      sql`update brand_settings set settings = settings || '{"bonusExpiryDays": 30}'::jsonb`,
    );
  });
  afterEach(async () => {
    await assertLedgerInvariants(t.deps.db, { now: clock.now() });
    await t.close();
  });

  let keyCounter = 0;
  /** A credit (from bonus_issued), a hold (to till_held) or a release of an earlier hold's key. */
  const post = (userId: string, amount: number, restores?: string) =>
    inTransaction(t.deps.db, async (tx) => {
      const { bonus } = await customerAccounts(tx, userId);
      const other = SYSTEM_ACCOUNTS.bonus_adjusted;
      const key = `takes-test:${++keyCounter}`;
      await postTransaction(tx, {
        idempotencyKey: key,
        kind: 'test_credit',
        entries: transfer(other, bonus, kopecks(amount)),
        ...(restores ? { restores } : {}),
      });
      return key;
    });
  const lotsOf = (userId: string) =>
    t.deps.db
      .select({ id: bonusLots.id, remaining: bonusLots.remaining, expiresAt: bonusLots.expiresAt })
      .from(bonusLots)
      .where(eq(bonusLots.userId, userId))
      .orderBy(asc(bonusLots.id));
  const expectLotsEqualBalance = async (userId: string) =>
    expect(await lotsTotal(t.deps.db, userId)).toBe((await balancesOf(t.deps.db, userId)).bonus);

  it('a released hold gives the lots back with their original expiry, and no new lot', async () => {
    const userId = await customerWithBonuses(t, '79553000001', 0);
    await post(userId, 10_000);
    clock.advance(10 * DAY);
    await post(userId, 5_000);
    const before = await lotsOf(userId);
    const hold = await post(userId, -12_000);
    expect((await lotsOf(userId)).map((l) => l.remaining).sort()).toEqual([0, 3_000]);
    clock.advance(DAY);
    await post(userId, 12_000, hold);
    expect(await lotsOf(userId)).toEqual(before);
    await expectLotsEqualBalance(userId);
  });

  it('a release after a lot expired gives it back expired: the job takes it again', async () => {
    const userId = await customerWithBonuses(t, '79553000002', 0);
    await post(userId, 10_000);
    const hold = await post(userId, -4_000);
    // The lot's time is the database's: move its expiry into the past rather than the clock past it.
    await t.deps.db.execute(
      sql`update bonus_lots set expires_at = now() - interval '1 day' where user_id = ${userId}`,
    );
    expect(await expireLots(t.deps)).toBe(1);
    expect((await balancesOf(t.deps.db, userId)).bonus).toBe(0);
    await post(userId, 4_000, hold);
    expect((await lotsOf(userId)).length).toBe(1);
    expect(await expireLots(t.deps)).toBe(1);
    expect((await balancesOf(t.deps.db, userId)).bonus).toBe(0);
  });

  it('a restore beyond what the debit took (a debit from before the takes were kept) is a new lot for the rest', async () => {
    const userId = await customerWithBonuses(t, '79553000003', 0);
    await post(userId, 10_000);
    const hold = await post(userId, -3_000);
    await post(userId, 5_000, hold);
    const lots = await lotsOf(userId);
    expect(lots.map((l) => l.remaining).sort((a, b) => a - b)).toEqual([2_000, 10_000]);
    await expectLotsEqualBalance(userId);
  });

  it('through the till: a cancelled spend and a refunded one give back the lots they took', async () => {
    const { key } = await issueKey(t, 1);
    const card = await cardholder(t, '79553000004', 0);
    await post(card.userId, 50_000);
    clock.advance(DAY);
    await post(card.userId, 50_000);
    const before = await lotsOf(card.userId);
    const visit = async () => {
      clock.advance(150_000);
      const code = memberCode(card, clock.now().getTime());
      return (await till(t, key, 'POST', '/api/till/verify', { code })).json().visitId as string;
    };
    const act = (id: string, action: 'confirm' | 'cancel' | 'refund') =>
      till(t, key, 'POST', `/api/till/operations/${id}/${action}`);

    const cancelled = (
      await till(t, key, 'POST', '/api/till/spend', {
        visitId: await visit(),
        sum: 1400,
        bonuses: 700,
        idempotencyKey: 'takes-cancel',
      })
    ).json();
    const sorted = async () => (await lotsOf(card.userId)).map((l) => l.remaining).sort((a, b) => a - b);
    expect(await sorted()).toEqual([0, 30_000]);
    expect((await act(cancelled.operationId, 'cancel')).statusCode).toBe(200);
    expect(await lotsOf(card.userId)).toEqual(before);

    const spent = (
      await till(t, key, 'POST', '/api/till/spend', {
        visitId: await visit(),
        sum: 1400,
        bonuses: 700,
        idempotencyKey: 'takes-refund',
      })
    ).json();
    expect((await act(spent.operationId, 'confirm')).statusCode).toBe(200);
    const refunded = await act(spent.operationId, 'refund');
    expect(refunded.statusCode, refunded.body).toBe(200);
    // The earn's lot went back with the refund; the spend minus the earn went back to the lots it came from.
    await expectLotsEqualBalance(card.userId);
    expect((await balancesOf(t.deps.db, card.userId)).bonus).toBe(100_000);
    // The spend minus the earn (700 - 21 bonuses) went back to the lots it came from, with their expiry; the
    // earn's lot (21) stays, since the refund's one netted entry restores the rest.
    expect(await sorted()).toEqual([2_100, 47_900, 50_000]);
    const after = await lotsOf(card.userId);
    for (const lot of before) expect(after.find((l) => l.id === lot.id)?.expiresAt).toEqual(lot.expiresAt);
  });

  for (let sequence = 0; sequence < 3; sequence++) {
    it(`sequence ${sequence}: random credits, holds, releases and expiries keep sum(remaining) = balance`, async () => {
      const random = seededRandom(SEED + sequence);
      const userId = await customerWithBonuses(t, `7955300010${sequence}`, 0);
      const open: { key: string; amount: number }[] = [];
      for (let step = 0; step < 30; step++) {
        const balance = (await balancesOf(t.deps.db, userId)).bonus;
        const roll = random.next();
        if (roll < 0.35) await post(userId, random.int(1, 50_000));
        else if (roll < 0.65 && balance > 0) {
          const amount = random.int(1, balance);
          open.push({ key: await post(userId, -amount), amount });
        } else if (roll < 0.9 && open.length > 0) {
          const [hold] = open.splice(random.int(0, open.length - 1), 1);
          const lotsBefore = (await lotsOf(userId)).length;
          await post(userId, hold!.amount, hold!.key);
          expect((await lotsOf(userId)).length, 'a release creates no lot').toBe(lotsBefore);
        } else {
          clock.advance(random.int(1, 40) * DAY);
          await expireLots(t.deps);
        }
        await expectLotsEqualBalance(userId);
      }
    });
  }

  it('parallel holds and releases keep the lots equal to the balance', async () => {
    const userId = await customerWithBonuses(t, '79553000199', 0);
    for (const amount of [10_000, 20_000, 30_000]) await post(userId, amount);
    const before = await lotsOf(userId);
    const random = seededRandom(SEED);
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, async () => {
        const amount = random.int(1_000, 9_000);
        const hold = await post(userId, -amount);
        await post(userId, amount, hold);
      }),
    );
    for (const r of results)
      if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(InsufficientFundsError);
    await expectLotsEqualBalance(userId);
    // Every hold released: the lots are exactly as they were.
    expect(await lotsOf(userId)).toEqual(before);
  });
});
