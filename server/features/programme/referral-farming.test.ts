import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { balancesOf } from '#server/core/ledger';
import { users } from '#server/db/schema/auth';
import { cards } from '#server/db/schema/cabinet';
import { fakeClock, login, type FakeClock } from '#server/test/auth-kit';
import { PROFILE } from '#server/test/cabinet-kit';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { cardholder, issueKey, memberCode, OPERATOR_TOKEN, till } from '#server/test/till-kit';
import { rewardReferrals } from './event-jobs';

/** Saturday 5 December 2026, 12:00 in Moscow. */
const START = Date.parse('2026-12-05T09:00:00Z');

/**
 * Issue 26: the referral reward was keyed by the friend's customer id, so a friend who deleted the account and
 * registered the same phone again earned the referrer 200 more every round, and two temporary payers (no phone,
 * no SMS) did the same for 10 ₽. Decision 046: once per friend's phone, never a temporary payer, a minimum
 * purchase and a cap per referrer (the demo brand: 200 and 100 bonuses, from 100 ₽, 20 friends).
 */
describe('the referral reward cannot be farmed', () => {
  let t: TestApp;
  let clock: FakeClock;
  let tillKey: string;
  beforeEach(async () => {
    clock = fakeClock(START);
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
    tillKey = (await issueKey(t, 1)).key;
  });
  afterEach(async () => {
    await assertLedgerInvariants(t.deps.db, { now: clock.now() });
    await t.close();
  });

  const bonusesOf = async (userId: string) => (await balancesOf(t.deps.db, userId)).bonus / 100;
  const userOf = async (phone: string) =>
    (await t.deps.db.select().from(users).where(eq(users.phone, phone)))[0]!;
  const setSettings = (values: Record<string, number>) =>
    t.deps.db.execute(sql`update brand_settings set settings = settings || ${JSON.stringify(values)}::jsonb`);
  const call = (token: string, url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${token}` } });

  /** A purchase of `sum` roubles at the till with the customer's card (point 1, 3 %). */
  async function purchase(userId: string, sum: number) {
    const [card] = await t.deps.db.select().from(cards).where(eq(cards.userId, userId));
    const code = memberCode({ cardNum: card!.cardNum, secret: card!.qrSecret }, clock.now().getTime());
    const visit = (await till(t, tillKey, 'POST', '/api/till/verify', { code })).json();
    const accrued = await till(t, tillKey, 'POST', '/api/till/accrue', {
      visitId: visit.visitId,
      sum,
      idempotencyKey: `purchase-${userId}-${sum}-${clock.now().getTime()}`,
    });
    expect(accrued.statusCode, accrued.body).toBe(200);
    clock.advance(2 * 60_000); // the next member code, and past the SMS resend pause
  }

  /** The phone logs in (a fresh SMS code) and registers a card with the referrer's number. */
  async function registerFriend(phone: string, referrerCard: string) {
    const { token } = await login(t, phone, `10.40.${Math.floor(Math.random() * 250)}.1`);
    const registered = await call(token, '/api/user/newCard', { ...PROFILE, refererID: referrerCard });
    expect(registered.statusCode, registered.body).toBe(200);
    return { token, user: await userOf(phone) };
  }

  it('rewards a friend’s phone once: deleting the account and registering again earns nothing more', async () => {
    const referrer = await cardholder(t, '79555000001', 0);
    const phone = '79555000002';
    for (let round = 0; round < 3; round++) {
      const { token, user } = await registerFriend(phone, referrer.cardNum);
      await purchase(user.id, 100);
      expect(await rewardReferrals(t.deps)).toBe(round === 0 ? 1 : 0);
      expect(await bonusesOf(referrer.userId)).toBe(200);
      const deleted = await call(token, '/api/user/delete', { confirm: true });
      expect(deleted.statusCode, deleted.body).toBe(200);
      clock.advance(2 * 60_000);
    }
    expect(await rewardReferrals(t.deps)).toBe(0);
  });

  it('never counts a temporary payer (no phone, no SMS) as a referred friend', async () => {
    const referrer = await cardholder(t, '79555000011', 0);
    for (let i = 0; i < 2; i++) {
      const created = await t.app.inject({ method: 'POST', url: '/api/loyalty/createUser', payload: {} });
      const { token } = created.json<{ token: string }>();
      // The card (and with it the referrer) is refused to a payer without a phone (decision 048).
      const registered = await call(token, '/api/user/newCard', { ...PROFILE, refererID: referrer.cardNum });
      expect(registered.statusCode, registered.body).toBe(403);
      expect(registered.json().code).toBe('PHONE_LOGIN_REQUIRED');
      const [temp] = await t.deps.db
        .select()
        .from(users)
        .where(sql`${users.phone} like 'temp-%'`)
        .orderBy(sql`${users.createdAt} desc`)
        .limit(1);
      expect(temp!.referrerId).toBeNull();
    }
    expect(await rewardReferrals(t.deps)).toBe(0);
    expect(await bonusesOf(referrer.userId)).toBe(0);
  });

  it('counts only a purchase from the minimum, and rewards a referrer for at most the cap of friends', async () => {
    await setSettings({ referralMaxFriends: 2 });
    const referrer = await cardholder(t, '79555000021', 0);
    const first = await registerFriend('79555000022', referrer.cardNum);
    await purchase(first.user.id, 99); // under the demo brand's 100 ₽
    expect(await rewardReferrals(t.deps)).toBe(0);
    await purchase(first.user.id, 100);
    expect(await rewardReferrals(t.deps)).toBe(1);
    for (const phone of ['79555000023', '79555000024']) {
      const friend = await registerFriend(phone, referrer.cardNum);
      await purchase(friend.user.id, 500);
    }
    expect(await rewardReferrals(t.deps)).toBe(2);
    // Two friends rewarded the referrer; the third friend still gets their own bonus.
    expect(await bonusesOf(referrer.userId)).toBe(400);
    const third = await userOf('79555000024');
    expect(await bonusesOf(third.id)).toBe(100 + 15);
    expect(await rewardReferrals(t.deps)).toBe(0);
  });
});
