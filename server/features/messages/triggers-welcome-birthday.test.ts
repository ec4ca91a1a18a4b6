import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { OPERATOR_TOKEN } from '#server/test/till-kit';
import { messagesKit } from './messages-test-kit';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The welcome and birthday triggers (decision 081), through the API and the message job. */
describe('welcome and birthday triggers', () => {
  let t: TestApp;
  let clock: FakeClock;
  const kit = messagesKit(
    () => t,
    () => clock,
  );

  beforeEach(async () => {
    // 12:00 in Moscow, outside the quiet hours; 28 February of a year without 29 February.
    clock = fakeClock(Date.parse('2030-02-28T09:00:00Z'));
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
    // Only this test's members: the seeded ones are neither registered nor born.
    await t.deps.db.execute(sql`update users set registered_at = null, birth_date = null`);
  });
  afterEach(() => t.close());

  it('welcomes each registration once, after the hours set; not before, not the deleted, not without consent', async () => {
    // Registered three hours before the trigger was switched on: past its two hours, not welcomed at once.
    const before = await kit.member('79001000001', {
      registeredAt: new Date(clock.now().getTime() - 3 * HOUR),
    });
    const trigger = await kit.startTrigger({ trigger: 'welcome', welcomeHours: 2 });
    clock.advance(HOUR);
    const anna = await kit.member('79001000002');
    const silent = await kit.member('79001000003', { consent: false });
    await kit.member('79001000004');
    await kit.deleteMember('79001000004');
    await kit.job();
    expect(await kit.written(trigger)).toEqual([]); // an hour old: not due yet

    clock.advance(2 * HOUR);
    const late = await kit.member('79001000005'); // registered just now: due in two hours
    await kit.job();
    await kit.job();
    expect(await kit.written(trigger)).toEqual([`${anna}:sent`, `${silent}:skipped:no-consent`].sort());
    expect(t.smsLog.filter((line) => line.includes('queued'))).toHaveLength(1);

    // Anna deletes her account and registers the same phone again: no second welcome (nor its coupon).
    await kit.deleteMember('79001000002');
    const again = await kit.member('79001000002');
    clock.advance(3 * HOUR);
    await kit.job();
    await kit.job();
    const rows = await kit.written(trigger);
    expect(rows).toEqual([`${anna}:sent`, `${silent}:skipped:no-consent`, `${late}:sent`].sort());
    expect(rows.join()).not.toContain(again);
    expect(rows.join()).not.toContain(before);
  });

  it('refuses a welcome without its hours, the hours out of range, a trigger with a segment', async () => {
    const missing = await kit.api('POST', '/api/operator/messages', {
      kind: 'trigger',
      trigger: 'welcome',
      name: 'Привет',
      channel: 'sms',
      template: 'Привет',
      controlPercent: 0,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Укажите, через сколько часов после регистрации писать');
    const tooMany = await kit.api('POST', '/api/operator/messages', {
      kind: 'trigger',
      trigger: 'welcome',
      welcomeHours: 1000,
      name: 'Привет',
      channel: 'sms',
      template: 'Привет',
      controlPercent: 0,
    });
    expect(tooMany.statusCode).toBe(400);
    const segmented = await kit.api('POST', '/api/operator/messages', {
      kind: 'trigger',
      trigger: 'birthday',
      daysBefore: 0,
      segmentId: '00000000-0000-4000-8000-000000000000',
      name: 'С днём рождения',
      channel: 'sms',
      template: 'С днём рождения!',
      controlPercent: 0,
    });
    expect(segmented.statusCode).toBe(400);
    expect(segmented.json().message).toBe(
      'Повод пишет всем участникам с согласием: сегмент к поводу не применяется',
    );
    expect((await kit.api('GET', '/api/operator/messages')).json()).toEqual([]);
  });

  it("greets on the birthday in the brand's calendar, 29 February on the 28th, once per person and year", async () => {
    const born28 = await kit.member('79002000001', { birthDate: '1990-02-28' });
    const leapling = await kit.member('79002000002', { birthDate: '1992-02-29' });
    const tomorrow = await kit.member('79002000003', { birthDate: '1990-03-01' });
    const silent = await kit.member('79002000004', { birthDate: '1985-02-28', consent: false });
    await kit.member('79002000005', { birthDate: '1980-02-28' });
    await kit.deleteMember('79002000005');
    const trigger = await kit.startTrigger({ trigger: 'birthday', daysBefore: 0 });
    await kit.job();
    await kit.job();
    expect(await kit.written(trigger)).toEqual(
      [`${born28}:sent`, `${leapling}:sent`, `${silent}:skipped:no-consent`].sort(),
    );
    clock.advance(HOUR);
    await kit.job();
    expect(await kit.written(trigger)).toHaveLength(3); // the same day again: nothing new

    // The next day: 1 March's birthdays only; the leapling is not greeted twice.
    clock.advance(DAY);
    await kit.job();
    const next = await kit.written(trigger);
    expect(next).toContain(`${tomorrow}:sent`);
    expect(next).toHaveLength(4);
  });

  it('greets a deleted and re-registered phone once a year, however often its day is walked', async () => {
    const first = await kit.member('79002000001', { birthDate: '1990-02-28' });
    const trigger = await kit.startTrigger({ trigger: 'birthday', daysBefore: 0 });
    await kit.job();
    await kit.deleteMember('79002000001');
    const again = await kit.member('79002000001', { birthDate: '1990-02-28' });
    // The day walked again from its start (as after a restored backup): the new account has the same phone.
    await t.deps.db.execute(sql`update message_campaigns set cursor_at = null where id = ${trigger}`);
    await kit.job();
    expect(await kit.written(trigger)).toEqual([`${first}:sent`]);
    // A year on, the person is greeted again, on the account they have now.
    clock.advance(365 * DAY);
    await kit.job();
    expect(await kit.written(trigger)).toEqual([`${first}:sent`, `${again}:sent`].sort());
  });

  it("writes N days before the birthday, in the brand's zone (21:30 UTC is already tomorrow in Moscow)", async () => {
    const soon = await kit.member('79003000001', { birthDate: '1991-03-04' });
    await kit.member('79003000002', { birthDate: '1991-03-03' });
    const trigger = await kit.startTrigger({ trigger: 'birthday', daysBefore: 3 });
    clock.advance(12.5 * HOUR); // 21:30 UTC, 1 March 00:30 in Moscow: 4 March is three days on
    await kit.job();
    expect((await kit.written(trigger)).map((row) => row.split(':')[0])).toEqual([soon]);
  });
});
