import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { balancesOf } from '#server/core/ledger';
import { users } from '#server/db/schema/auth';
import type { ConsoleSmsProvider } from '#server/integrations/sms/console-provider';
import { fakeClock, login, type FakeClock } from '#server/test/auth-kit';
import { callAs, PROFILE } from '#server/test/cabinet-kit';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { cardholder, issueKey, memberCode, OPERATOR_TOKEN, till } from '#server/test/till-kit';
import { birthdayBonuses, rewardReferrals } from './event-jobs';

/** Saturday 5 December 2026, 12:00 in Moscow. */
const START = Date.parse('2026-12-05T09:00:00Z');
const DAY = 86_400_000;

describe('event bonuses: welcome, referral, birthday', () => {
  let t: TestApp;
  let clock: FakeClock;
  beforeEach(async () => {
    clock = fakeClock(START);
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
  });
  afterEach(async () => {
    await assertLedgerInvariants(t.deps.db, { now: clock.now() });
    await t.close();
  });

  const setBonuses = (values: Record<string, number>) =>
    t.deps.db.execute(sql`update brand_settings set settings = settings || ${JSON.stringify(values)}::jsonb`);
  const historyOf = async (phone: string) =>
    (await callAs(t, phone, 'GET', '/api/user/operations')).json().operations as {
      place: string;
      amountEarn: number;
      type: string;
    }[];
  const bonusesOf = async (userId: string) => (await balancesOf(t.deps.db, userId)).bonus / 100;

  it('credits the welcome bonus once, on the first registration of a card', async () => {
    await setBonuses({ welcomeBonus: 150 });
    const phone = '79552000001';
    expect((await callAs(t, phone, 'POST', '/api/user/newCard', PROFILE)).statusCode).toBe(200);
    expect((await callAs(t, phone, 'POST', '/api/user/newCard', PROFILE)).statusCode).toBe(200);
    const [user] = await t.deps.db.select().from(users).where(eq(users.phone, phone));
    expect(await bonusesOf(user!.id)).toBe(150);
    expect(await historyOf(phone)).toMatchObject([
      { place: 'Приветственные бонусы', amountEarn: 150, type: 'DEPOSIT' },
    ]);
  });

  it('keys the welcome bonus by the phone: deleting the account and registering again earns no second one', async () => {
    await setBonuses({ welcomeBonus: 150 });
    const phone = '79552000003';
    await callAs(t, phone, 'POST', '/api/user/newCard', PROFILE);
    const [first] = await t.deps.db.select().from(users).where(eq(users.phone, phone));
    expect(await bonusesOf(first!.id)).toBe(150);
    clock.advance(2 * 60_000); // past the code's resend pause
    const { token } = await login(t, phone, '10.30.0.1');
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/user/delete',
      payload: { confirm: true },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(deleted.statusCode).toBe(200);

    clock.advance(2 * 60_000);
    const { token: again } = await login(t, phone, '10.30.0.2');
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/user/newCard',
      payload: PROFILE,
      headers: { authorization: `Bearer ${again}` },
    });
    expect(registered.statusCode).toBe(200);
    const [second] = await t.deps.db.select().from(users).where(eq(users.phone, phone));
    expect(second!.id).not.toBe(first!.id);
    expect(await bonusesOf(second!.id)).toBe(0);
    // The birthday, too: once a year per phone, whichever account holds it.
    await setBonuses({ birthdayBonus: 300 });
    await t.deps.db.update(users).set({ birthDate: '1990-12-06' }).where(eq(users.id, second!.id));
    clock.advance(DAY);
    expect(await birthdayBonuses(t.deps)).toBe(1);
    expect(await bonusesOf(second!.id)).toBe(300);
    clock.advance(2 * 60_000);
    const { token: third } = await login(t, phone, '10.30.0.3');
    const thirdAuth = { authorization: `Bearer ${third}` };
    await t.app.inject({
      method: 'POST',
      url: '/api/user/delete',
      payload: { confirm: true },
      headers: thirdAuth,
    });
    clock.advance(2 * 60_000);
    const { token: fourth } = await login(t, phone, '10.30.0.4');
    await t.app.inject({
      method: 'POST',
      url: '/api/user/newCard',
      payload: PROFILE,
      headers: { authorization: `Bearer ${fourth}` },
    });
    const [newest] = await t.deps.db.select().from(users).where(eq(users.phone, phone));
    expect(newest!.id).not.toBe(second!.id);
    expect(newest!.registeredAt).not.toBeNull();
    await t.deps.db.update(users).set({ birthDate: '1990-12-06' }).where(eq(users.id, newest!.id));
    expect(await birthdayBonuses(t.deps)).toBe(0); // the phone had its birthday bonus this year
    // Nothing readable: the key holds neither the phone nor the customer's id.
    const keys = await t.deps.db.execute(
      sql`select idempotency_key from ledger_transactions where kind = 'welcome_bonus'`,
    );
    const text = JSON.stringify(keys);
    expect(text).not.toContain(phone);
    expect(text).not.toContain(first!.id);
  });

  it('gives no welcome bonus when the setting is 0 (the default)', async () => {
    const phone = '79552000002';
    await callAs(t, phone, 'POST', '/api/user/newCard', PROFILE);
    expect(await historyOf(phone)).toEqual([]);
  });

  it("rewards the referrer and the friend once the friend's first purchase completes; both see it", async () => {
    // The demo brand: 200 bonuses to the referrer, 100 to the friend.
    const referrer = await cardholder(t, '79552000010', 0);
    const friendPhone = '79552000011';
    const registered = await callAs(t, friendPhone, 'POST', '/api/user/newCard', {
      ...PROFILE,
      refererID: referrer.cardNum,
    });
    expect(registered.statusCode).toBe(200);
    const [friend] = await t.deps.db.select().from(users).where(eq(users.phone, friendPhone));
    expect(friend!.referrerId).toBe(referrer.cardNum);
    expect(await rewardReferrals(t.deps)).toBe(0); // no purchase yet

    const { key } = await issueKey(t, 1);
    const [card] = await t.deps.db
      .execute<{ card_num: string; qr_secret: string }>(
        sql`select card_num, qr_secret from cards where user_id = ${friend!.id}`,
      )
      .then((r) => (r as unknown as { rows: { card_num: string; qr_secret: string }[] }).rows);
    const code = memberCode({ cardNum: card!.card_num, secret: card!.qr_secret }, clock.now().getTime());
    const visit = (await till(t, key, 'POST', '/api/till/verify', { code })).json();
    const accrued = await till(t, key, 'POST', '/api/till/accrue', {
      visitId: visit.visitId,
      sum: 100,
      idempotencyKey: 'first-purchase',
    });
    expect(accrued.json()).toMatchObject({ earned: 3 });

    expect(await rewardReferrals(t.deps)).toBe(1);
    expect(await rewardReferrals(t.deps)).toBe(0);
    expect(await bonusesOf(referrer.userId)).toBe(200);
    expect(await bonusesOf(friend!.id)).toBe(103);
    expect((await historyOf('79552000010'))[0]).toMatchObject({
      place: 'Бонус за приглашённого друга',
      amountEarn: 200,
    });
    // The same moment as the purchase (the test's clock stands still): the order between them is the ids'.
    expect(await historyOf(friendPhone)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ place: 'Бонус за приглашение', amountEarn: 100 }),
        expect.objectContaining({ type: 'CASHBACK', amountEarn: 3 }),
      ]),
    );
  });

  it('credits the birthday bonus once a year on the day, with an SMS (the moved clock)', async () => {
    await setBonuses({ birthdayBonus: 300 });
    const phone = '79552000020';
    await callAs(t, phone, 'POST', '/api/user/newCard', { ...PROFILE, firstName: 'Анна' });
    const [user] = await t.deps.db.select().from(users).where(eq(users.phone, phone));
    await t.deps.db.update(users).set({ birthDate: '1990-12-06' }).where(eq(users.id, user!.id));

    expect(await birthdayBonuses(t.deps)).toBe(0); // the day before
    clock.advance(DAY);
    expect(await birthdayBonuses(t.deps)).toBe(1);
    expect(await birthdayBonuses(t.deps)).toBe(0); // once
    expect(await bonusesOf(user!.id)).toBe(300);
    const sms = t.deps.sms as ConsoleSmsProvider;
    expect(sms.outbox(phone)[0]?.text).toBe('Анна, с днём рождения! 300\u00a0бонусов в подарок от «Берёзка»');
    clock.advance(365 * DAY);
    expect(await birthdayBonuses(t.deps)).toBe(1);
    expect(await bonusesOf(user!.id)).toBe(600);
  });
});
