import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readBrandSettings, saveBrandSettings } from '#server/core/brand-settings';
import { customerAccounts, postTransaction, transfer } from '#server/core/ledger';
import { changeConsent } from '#server/core/marketing/consent';
import { fromRoubles } from '#server/core/money';
import { inTransaction } from '#server/db/in-transaction';
import { postingKey } from '#server/db/posting-kinds';
import { bonusLots } from '#server/db/schema/programme';
import { messages } from '#server/db/schema/messages';
import { SYSTEM_ACCOUNTS } from '#server/db/system-accounts';
import type { ConsoleSmsProvider } from '#server/integrations/sms/console-provider';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { cardholder, issueKey, memberCode, OPERATOR_TOKEN, till } from '#server/test/till-kit';
import { messagesKit } from './messages-test-kit';

const DAY = 86_400_000;

/** The bonuses-expiring and level-up triggers (decision 081), through the API, the till and the message job. */
describe('bonuses expiring and level up triggers', () => {
  let t: TestApp;
  let clock: FakeClock;
  const kit = messagesKit(
    () => t,
    () => clock,
  );

  beforeEach(async () => {
    clock = fakeClock(Date.parse('2030-01-01T09:00:00Z')); // 12:00 in Moscow
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
    await t.deps.db.execute(sql`update users set registered_at = null`);
  });
  afterEach(() => t.close());

  /** The texts the console SMS provider took, oldest first, login codes left out. */
  const texts = () =>
    (t.deps.sms as ConsoleSmsProvider)
      .outbox()
      .filter((m) => m.code === null)
      .map((m) => m.text)
      .reverse();

  /** `roubles` of bonuses credited to the member, their lot expiring `inDays` from now. */
  async function bonusesExpiring(userId: string, roubles: number, inDays: number) {
    await inTransaction(t.deps.db, async (tx) => {
      const accounts = await customerAccounts(tx, userId);
      await postTransaction(tx, {
        idempotencyKey: postingKey('test_credit', userId, roubles),
        kind: 'test_credit',
        entries: transfer(SYSTEM_ACCOUNTS.bonus_issued, accounts.bonus, fromRoubles(roubles)),
      });
    });
    await t.deps.db
      .update(bonusLots)
      .set({ expiresAt: new Date(clock.now().getTime() + inDays * DAY) })
      .where(eq(bonusLots.userId, userId));
  }

  it('writes N days before bonuses expire, once per member and day, with the amount and the date', async () => {
    const trigger = await kit.startTrigger({
      trigger: 'expiring',
      daysBefore: 3,
      template: '{имя}, {сгорает} сгорят {дата_сгорания}',
    });
    const anna = await kit.member('79004000001');
    await bonusesExpiring(anna, 150, 5);
    const later = await kit.member('79004000002');
    await bonusesExpiring(later, 80, 10);
    const silent = await kit.member('79004000003', { consent: false });
    await bonusesExpiring(silent, 70, 5);
    await kit.member('79004000004');
    await kit.deleteMember('79004000004');

    await kit.job();
    expect(await kit.written(trigger)).toEqual([]); // five days off: not yet
    clock.advance(2 * DAY + 60_000);
    await kit.job();
    await kit.job();
    expect(await kit.written(trigger)).toEqual([`${anna}:sent`, `${silent}:skipped:no-consent`].sort());
    expect(texts()).toEqual([
      expect.stringMatching(/^Ольга, 150\u00a0бонусов сгорят 06\.01\.2030 Отписаться: /),
    ]);
    const [sent] = await t.deps.db
      .select({ key: messages.idempotencyKey, occasion: messages.occasion })
      .from(messages)
      .where(eq(messages.userId, anna));
    expect(sent!.occasion).toBe('expiring:2030-01-06');

    clock.advance(DAY);
    await kit.job();
    expect(await kit.written(trigger)).toHaveLength(2); // a rerun, a day on: nothing new
    clock.advance(5 * DAY);
    await kit.job();
    expect(await kit.written(trigger)).toContain(`${later}:sent`);
  });

  it('skips a bonuses-expiring message held by the quiet hours when the bonuses were spent meanwhile', async () => {
    const trigger = await kit.startTrigger({
      trigger: 'expiring',
      daysBefore: 3,
      template: '{сгорает} сгорят',
    });
    const spender = await kit.member('79004100001');
    const keeper = await kit.member('79004100002');
    await bonusesExpiring(spender, 100, 4);
    await bonusesExpiring(keeper, 100, 4);
    clock.advance(DAY + 10 * 3_600_000); // 22:00 in Moscow: written, held until the morning
    await kit.job();
    expect(await kit.written(trigger)).toEqual([`${keeper}:queued`, `${spender}:queued`].sort());
    await inTransaction(t.deps.db, async (tx) => {
      const accounts = await customerAccounts(tx, spender);
      await postTransaction(tx, {
        idempotencyKey: postingKey('test_credit', spender, 'spent'),
        kind: 'test_credit',
        entries: transfer(accounts.bonus, SYSTEM_ACCOUNTS.bonus_issued, fromRoubles(100)),
      });
    });
    clock.advance(12 * 3_600_000); // 10:00
    await kit.job();
    expect(await kit.written(trigger)).toEqual(
      [`${keeper}:sent`, `${spender}:skipped:nothing-expires`].sort(),
    );
  });

  it('writes at the rise to a new level, once per level reached; not below it, not for a drop', async () => {
    const settings = await readBrandSettings(t.deps.db);
    await saveBrandSettings(t.deps.db, t.deps.cache, {
      ...settings,
      levels: [
        { title: 'Базовый', fromSpend: 0, earnPercent: 0 },
        { title: 'Серебряный', fromSpend: 10_000, earnPercent: 5 },
      ],
    });
    const { key } = await issueKey(t);
    const trigger = await kit.startTrigger({
      trigger: 'level_up',
      template: '{имя}, вы теперь на новом уровне',
    });
    const card = await cardholder(t, '79005000001', 0);
    const silent = await cardholder(t, '79005000002', 0);
    await inTransaction(t.deps.db, (tx) =>
      changeConsent(tx, {
        userId: card.userId,
        channel: 'sms',
        granted: true,
        source: 'cabinet',
        at: clock.now(),
      }),
    );
    const accrual = async (holder: typeof card, roubles: number, id: string) => {
      clock.advance(120_000); // a member code is taken once per step
      const verified = await till(t, key, 'POST', '/api/till/verify', {
        code: memberCode(holder, clock.now().getTime()),
      });
      const accrued = await till(t, key, 'POST', '/api/till/accrue', {
        visitId: verified.json().visitId,
        sum: roubles,
        idempotencyKey: `level-up-${id}`,
      });
      expect(accrued.statusCode, accrued.body).toBe(200);
      return accrued.json() as { operationId: string };
    };

    await accrual(card, 5_000, 'a');
    expect(await kit.written(trigger)).toEqual([]);
    const crossing = await accrual(card, 6_000, 'b');
    await accrual(card, 1_000, 'c');
    await accrual(silent, 12_000, 'd');
    await kit.job();
    await kit.job();
    expect(await kit.written(trigger)).toEqual(
      [`${card.userId}:sent`, `${silent.userId}:skipped:no-consent`].sort(),
    );

    // A refund drops the member back; buying again reaches the same level: no second message.
    const refunded = await till(t, key, 'POST', `/api/till/operations/${crossing.operationId}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    await accrual(card, 7_000, 'e');
    await kit.job();
    expect(await kit.written(trigger)).toHaveLength(2);

    // Paused, a rise writes nothing.
    expect((await kit.api('POST', `/api/operator/messages/${trigger}/stop`, {})).statusCode).toBe(200);
    const third = await cardholder(t, '79005000003', 0);
    await accrual(third, 11_000, 'f');
    expect(await kit.written(trigger)).toHaveLength(2);
  });
});
