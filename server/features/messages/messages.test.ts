import { count, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeConsent } from '#server/core/marketing/consent';
import { inTransaction } from '#server/db/in-transaction';
import { users } from '#server/db/schema/auth';
import { operations } from '#server/db/schema/cabinet';
import { messages } from '#server/db/schema/messages';
import { auditLog } from '#server/db/schema/staff';
import type { MailMessage } from '#server/integrations/mail/mail-provider';
import { createSmsRuProvider } from '#server/integrations/sms/smsru-provider';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { startSmsRuFake, type SmsRuFake } from '#server/test/smsru-fake';
import { asStaff, staffOfRole } from '#server/test/staff-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { OPERATOR_TOKEN } from '#server/test/till-kit';
import { createChannels } from './channels';
import { runMessageJob } from './message-job';
import { smsRuCallbackToken } from './tracking-routes';

const operator = { authorization: `Bearer ${OPERATOR_TOKEN}` };
const DAY = 86_400_000;

describe('messages to members (decision 076)', () => {
  let t: TestApp;
  let clock: FakeClock;
  let fake: SmsRuFake;

  beforeEach(async () => {
    // 12:00 in Moscow: outside the default quiet hours (21:00–09:00).
    clock = fakeClock(Date.parse('2030-01-01T09:00:00Z'));
    fake = await startSmsRuFake();
    t = await createTestApp({
      clock,
      config: { operatorToken: OPERATOR_TOKEN },
      sms: createSmsRuProvider({ apiId: 'test-api-id', baseUrl: fake.url }),
    });
    // Only this test's members: the seeded ones are not registered for the audience.
    await t.deps.db.execute(sql`update users set registered_at = null`);
  });
  afterEach(async () => {
    await t.close();
    await fake.close();
  });

  const job = () =>
    runMessageJob({ db: t.deps.db, clock, config: t.deps.config, channels: createChannels(t.deps) });
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: operator, ...(payload && { payload }) });

  /** A registered member, with SMS consent unless told otherwise. */
  async function member(phone: string, options: { consent?: boolean; firstName?: string } = {}) {
    const [row] = await t.deps.db
      .insert(users)
      .values({
        phone,
        firstName: options.firstName ?? 'Ольга',
        email: `${phone}@example.ru`,
        registeredAt: clock.now(),
      })
      .returning({ id: users.id });
    if (options.consent !== false) {
      await inTransaction(t.deps.db, (tx) =>
        changeConsent(tx, {
          userId: row!.id,
          channel: 'sms',
          granted: true,
          source: 'cabinet',
          at: clock.now(),
        }),
      );
    }
    return row!.id;
  }
  const purchase = (userId: string, at: Date, amount: number) =>
    t.deps.db.insert(operations).values({
      userId,
      place: 'Магазин',
      occurredAt: at,
      amount,
      state: 'PROCESSED',
      type: 'CASHBACK',
    });
  const create = async (body: object) => {
    const response = await api('POST', '/api/operator/messages', {
      name: 'Скидка недели',
      channel: 'sms',
      template: '{имя}, у вас {баланс}. Подробнее: https://shop.example.ru/sale',
      controlPercent: 0,
      ...body,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { id: string; links: string[] };
  };
  const statuses = async (campaignId: string) =>
    (
      await t.deps.db
        .select({ status: messages.status, reason: messages.reason, grp: messages.grp })
        .from(messages)
        .where(eq(messages.campaignId, campaignId))
    )
      .map((r) => `${r.grp}:${r.status}${r.reason ? `:${r.reason}` : ''}`)
      .sort();

  it('creates, previews, test-sends through SMS.ru, starts, drains, and counts delivery, clicks and purchases', async () => {
    const anna = await member('79001110001', { firstName: 'Анна' });
    const campaign = await create({});
    expect(campaign.links).toEqual(['https://shop.example.ru/sale']);

    const preview = await api('POST', `/api/operator/messages/${campaign.id}/preview`, {});
    expect(preview.json()).toMatchObject({
      sample: 'Анна',
      text: 'Анна, у вас 0\u00a0бонусов. Подробнее: http://localhost:3000/r/0000000000000',
    });

    const marketer = await staffOfRole(t, clock, OPERATOR_TOKEN, 'marketer');
    const test = await asStaff(t, marketer, {
      method: 'POST',
      url: `/api/operator/messages/${campaign.id}/test`,
      payload: { phone: '79005550000' },
    });
    expect(test.statusCode, test.body).toBe(200);
    expect(fake.received.map((r) => r.to)).toEqual(['79005550000']);
    const audited = await t.deps.db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.action, 'message.test-send'));
    expect(audited[0]!.n).toBe(1);

    const started = await api('POST', `/api/operator/messages/${campaign.id}/start`, {});
    expect(started.json().status).toBe('sending');
    expect(await job()).toBe(1);
    const sms = fake.received[1]!;
    expect(sms.to).toBe('79001110001');
    expect(sms.msg).toMatch(
      /^Анна, у вас 0\u00a0бонусов\. Подробнее: http:\/\/localhost:3000\/r\/[0-9a-f]{12}0 Отписаться: http:\/\/localhost:3000\/u\/\S{39}$/,
    );

    // SMS.ru's callback: a wrong token is a 404; the right one marks it delivered and is answered 100.
    const body = fake.callbackBody([sms.smsId], 103, clock.now());
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/messages/smsru/wrong', headers: form, payload: body }))
        .statusCode,
    ).toBe(404);
    const callback = await t.app.inject({
      method: 'POST',
      url: `/api/messages/smsru/${smsRuCallbackToken(t.deps.config)}`,
      headers: form,
      payload: body,
    });
    expect(callback.body).toBe('100');

    const short = /\/r\/(\S+) /.exec(sms.msg)![1]!;
    const click = await t.app.inject(`/r/${short}`);
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe('https://shop.example.ru/sale');
    expect((await t.app.inject(`/r/${short.slice(0, -1)}9`)).statusCode).toBe(404);

    clock.advance(DAY);
    await purchase(anna, clock.now(), 150_000);
    await job();
    const results = (await api('GET', `/api/operator/messages/${campaign.id}/results`)).json();
    expect(results.campaign.status).toBe('done');
    expect(results.campaignGroup).toMatchObject({
      audience: 1,
      sent: 1,
      delivered: 1,
      clicked: 1,
      buyers: 1,
      revenue: 150_000,
    });
    expect(results.conversionLift).toBeNull();
  });

  it('holds out the control group, skips members without consent, waits through quiet hours, and shows the lift', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 40; i++)
      ids.push(await member(`790022200${String(i).padStart(2, '0')}`, { consent: i !== 0 }));
    const campaign = await create({ controlPercent: 50 });
    clock.advance(10 * 3_600_000); // 22:00 in Moscow: quiet
    await api('POST', `/api/operator/messages/${campaign.id}/start`, {});
    await job();
    expect(fake.received).toHaveLength(0);
    const waiting = await statuses(campaign.id);
    const control = waiting.filter((s) => s === 'control:control').length;
    expect(control).toBeGreaterThan(8);
    expect(control).toBeLessThan(32);

    clock.advance(11 * 3_600_000 + 5 * 60_000); // 09:05: the quiet hours are over
    for (let i = 0; i < 3; i++) await job();
    const after = await statuses(campaign.id);
    const noConsent = ids[0]!;
    const [first] = await t.deps.db
      .select({ grp: messages.grp, status: messages.status, reason: messages.reason })
      .from(messages)
      .where(eq(messages.userId, noConsent));
    if (first!.grp === 'campaign') expect(first).toMatchObject({ status: 'skipped', reason: 'no-consent' });
    expect(fake.received).toHaveLength(after.filter((s) => s === 'campaign:sent').length);
    expect(after.filter((s) => s.startsWith('campaign:queued'))).toHaveLength(0);

    // Every sent member buys; in the control group only one does.
    const rows = await t.deps.db
      .select({ userId: messages.userId, grp: messages.grp, status: messages.status })
      .from(messages)
      .where(eq(messages.campaignId, campaign.id));
    clock.advance(DAY);
    for (const r of rows.filter((r) => r.status === 'sent')) await purchase(r.userId, clock.now(), 100_000);
    await purchase(rows.find((r) => r.grp === 'control')!.userId, clock.now(), 100_000);
    const results = (await api('GET', `/api/operator/messages/${campaign.id}/results`)).json();
    expect(results.controlGroup.audience).toBe(control);
    expect(results.controlGroup.buyers).toBe(1);
    expect(results.campaignGroup.buyers).toBe(fake.received.length);
    expect(results.conversionLift).toBeGreaterThan(0);
    expect(results.revenueLift).toBeGreaterThan(0);
  });

  it('stops at the SMS budget and skips the rest', async () => {
    for (let i = 0; i < 5; i++) await member(`790033300${i}0`);
    const campaign = await create({ budgetMessages: 2 });
    await api('POST', `/api/operator/messages/${campaign.id}/start`, {});
    await job();
    expect(fake.received).toHaveLength(2);
    const results = (await api('GET', `/api/operator/messages/${campaign.id}/results`)).json();
    expect(results.campaign).toMatchObject({ status: 'stopped', stopReason: 'budget', sentCount: 2 });
    expect(results.skippedReasons).toEqual({ budget: 3 });
  });

  it('never sends an SMS twice after a crash: a message left sending is marked interrupted', async () => {
    await member('79004440001');
    await member('79004440002');
    const campaign = await create({});
    await api('POST', `/api/operator/messages/${campaign.id}/start`, {});
    // A run claimed one message and died before SMS.ru answered.
    await t.deps.db.execute(sql`
      update messages set status = 'sending', claimed_at = ${clock.now().toISOString()}::timestamptz
      where id = (select id from messages where campaign_id = ${campaign.id} limit 1)`);
    await job();
    expect(fake.received).toHaveLength(1);
    clock.advance(10 * 60_000); // past the lease: the restart reconciles
    await job();
    await job();
    expect(fake.received).toHaveLength(1);
    expect(await statuses(campaign.id)).toEqual(['campaign:interrupted:crash', 'campaign:sent']);
  });

  it('fires «мы скучаем» for members whose last purchase is N days old, once per lapse', async () => {
    const lapsed = await member('79005550001');
    const active = await member('79005550002');
    const trigger = await create({
      kind: 'trigger',
      trigger: 'lapsed',
      lapsedDays: 30,
      name: 'Мы скучаем',
      template: '{имя}, мы скучаем!',
    });
    await api('POST', `/api/operator/messages/${trigger.id}/start`, {});
    await purchase(lapsed, new Date(clock.now().getTime() + DAY), 50_000);
    await purchase(active, new Date(clock.now().getTime() + DAY), 50_000);
    clock.advance(20 * DAY);
    await purchase(active, clock.now(), 50_000);
    clock.advance(12 * DAY);
    await job();
    await job();
    expect(fake.received.map((r) => r.to)).toEqual(['79005550001']);
    expect(fake.received[0]!.msg).toMatch(/^Ольга, мы скучаем! Отписаться/);
  });

  it('sends e-mail with the one-click unsubscribe headers, and after a crash again under the same Message-ID', async () => {
    const sent: MailMessage[] = [];
    const mailApp = await createTestApp({
      clock,
      database: t.database,
      config: { operatorToken: OPERATOR_TOKEN },
      mail: { name: 'smtp', send: async (message) => void sent.push(message) },
    });
    try {
      const userId = await member('79007770001', { consent: false });
      await inTransaction(t.deps.db, (tx) =>
        changeConsent(tx, { userId, channel: 'email', granted: true, source: 'cabinet', at: clock.now() }),
      );
      await member('79007770002', { consent: false }); // no e-mail consent: skipped
      const created = await mailApp.app.inject({
        method: 'POST',
        url: '/api/operator/messages',
        headers: operator,
        payload: {
          name: 'Письмо',
          channel: 'email',
          subject: '{имя}, новости',
          template: 'Привет, {имя}!',
          controlPercent: 0,
        },
      });
      const id = created.json().id as string;
      await mailApp.app.inject({
        method: 'POST',
        url: `/api/operator/messages/${id}/start`,
        headers: operator,
        payload: {},
      });
      // A run claimed the member's e-mail and died; after the lease it goes again, under the same Message-ID.
      await t.deps.db.execute(sql`
        update messages set status = 'sending', claimed_at = ${clock.now().toISOString()}::timestamptz
        where campaign_id = ${id} and user_id = ${userId}`);
      const mailJob = () =>
        runMessageJob({
          db: t.deps.db,
          clock,
          config: mailApp.deps.config,
          channels: createChannels(mailApp.deps),
        });
      await mailJob();
      expect(sent).toHaveLength(0);
      clock.advance(10 * 60_000);
      await mailJob();
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ to: '79007770001@example.ru', subject: 'Ольга, новости' });
      expect(sent[0]!.text).toMatch(
        /^Привет, Ольга!\n\n—\nОтписаться от рассылки: http:\/\/localhost:3000\/u\//,
      );
      expect(sent[0]!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
      expect(sent[0]!.messageId).toBe(`<${id}:${userId}@localhost>`);
      expect(await statuses(id)).toEqual(['campaign:sent', 'campaign:skipped:no-consent']);
    } finally {
      await mailApp.close();
    }
  });

  it('refuses bad input with a clear 400 and writes nothing', async () => {
    const bad = async (body: object, message: RegExp) => {
      const response = await api('POST', '/api/operator/messages', {
        name: 'x',
        channel: 'sms',
        template: 'Привет',
        controlPercent: 10,
        ...body,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toMatch(message);
    };
    await bad({ template: 'Привет, {фамилия}' }, /Нет такой переменной: \{фамилия\}/);
    await bad({ controlPercent: 60 }, /от 0 до 50/);
    await bad({ template: 'Привет \ud800' }, /.+/);
    await bad({ template: 'Купон {купон}' }, /акцию с персональными купонами/);
    await bad({ template: 'Тут http://evil.example/x' }, /только https/);
    const campaign = await create({});
    const past = await api('POST', `/api/operator/messages/${campaign.id}/start`, {
      at: new Date(clock.now().getTime() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('Время отправки уже прошло: выберите время в будущем');
    expect((await api('GET', '/api/operator/messages')).json()).toHaveLength(1);
    expect((await t.deps.db.select({ n: count() }).from(messages))[0]!.n).toBe(0);
  });

  it('sends a scheduled campaign at its time; a viewer may read but not send', async () => {
    await member('79006660001');
    const campaign = await create({});
    const at = new Date(clock.now().getTime() + 3_600_000).toISOString();
    expect((await api('POST', `/api/operator/messages/${campaign.id}/start`, { at })).json().status).toBe(
      'scheduled',
    );
    await job();
    expect(fake.received).toHaveLength(0);
    clock.advance(3_600_000);
    await job();
    expect(fake.received).toHaveLength(1);
    const viewer = await staffOfRole(t, clock, OPERATOR_TOKEN, 'viewer');
    expect((await asStaff(t, viewer, { method: 'GET', url: '/api/operator/messages' })).statusCode).toBe(200);
    const refused = await asStaff(t, viewer, {
      method: 'POST',
      url: `/api/operator/messages/${campaign.id}/test`,
      payload: { phone: '79005550000' },
    });
    expect(refused.statusCode).toBe(403);
  });
});
