import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeConsent } from '#server/core/marketing/consent';
import { inTransaction } from '#server/db/in-transaction';
import { users } from '#server/db/schema/auth';
import { messages } from '#server/db/schema/messages';
import { startFakePushService, type FakePushService } from '#server/integrations/push/fake-push-service';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { callAs, registeredCustomer } from '#server/test/cabinet-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { OPERATOR_TOKEN } from '#server/test/till-kit';
import { createChannels } from './channels';
import { runMessageJob } from './message-job';

const operator = { authorization: `Bearer ${OPERATOR_TOKEN}` };
const SMS_CONSENT = { match: 'all', conditions: [{ field: 'consent', channel: 'sms', granted: true }] };

/** A campaign's audience from a saved segment (decision 075) and web push as its channel (decision 077). */
describe('messages to a segment, and by web push', () => {
  let t: TestApp;
  let clock: FakeClock;
  let push: FakePushService;
  beforeEach(async () => {
    // 12:00 in Moscow: outside the quiet hours.
    clock = fakeClock(Date.parse('2030-01-01T09:00:00Z'));
    push = await startFakePushService();
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
    // Only this test's members: the seeded ones are not registered for the audience.
    await t.deps.db.execute(sql`update users set registered_at = null`);
  });
  afterEach(async () => {
    await t.close();
    await push.close();
  });

  const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: operator, ...(payload && { payload }) });
  const job = () =>
    runMessageJob({ db: t.deps.db, clock, config: t.deps.config, channels: createChannels(t.deps) });
  const userIdOf = async (phone: string) =>
    (await t.deps.db.select({ id: users.id }).from(users).where(eq(users.phone, phone)))[0]!.id;
  async function consenting(phone: string, channel: 'sms' | 'push') {
    await registeredCustomer(t, phone);
    const userId = await userIdOf(phone);
    await inTransaction(t.deps.db, (tx) =>
      changeConsent(tx, { userId, channel, granted: true, source: 'cabinet', at: clock.now() }),
    );
    return userId;
  }
  const campaign = async (body: object) => {
    const created = await api('POST', '/api/operator/messages', {
      name: 'Неделя скидок',
      channel: 'sms',
      template: 'Скидки недели: https://shop.example.ru/sale',
      controlPercent: 0,
      ...body,
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = (created.json() as { id: string }).id;
    expect((await api('POST', `/api/operator/messages/${id}/start`, {})).statusCode).toBe(200);
    return id;
  };
  const recipients = async (campaignId: string) =>
    (await t.deps.db.select().from(messages).where(eq(messages.campaignId, campaignId))).map((m) => m.userId);

  it('writes messages for the segment’s members only; an unknown segment is a 400', async () => {
    const anna = await consenting('79001120001', 'sms');
    await registeredCustomer(t, '79001120002'); // no consent: outside the segment
    const segment = await api('POST', '/api/operator/segments', { name: 'С SMS', definition: SMS_CONSENT });
    expect(segment.statusCode, segment.body).toBe(200);
    const id = await campaign({ segmentId: segment.json().id });
    expect(await recipients(id)).toEqual([anna]);

    const unknown = await api('POST', '/api/operator/messages', {
      name: 'Мимо',
      channel: 'sms',
      template: 'Привет',
      controlPercent: 0,
      segmentId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Такого сегмента нет');
  });

  it('sends a push campaign through the push service to the member’s subscription', async () => {
    const publicKey = (await t.app.inject({ url: '/api/push/key' })).json().publicKey;
    const userId = await consenting('79001120003', 'push');
    const subscribed = await callAs(t, '79001120003', 'POST', '/api/user/push-subscriptions', {
      ...push.subscribe(publicKey),
    });
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    const id = await campaign({ channel: 'push', template: 'Скидки недели для вас' });
    await job();
    const [row] = await t.deps.db.select().from(messages).where(eq(messages.campaignId, id));
    expect({ status: row!.status, reason: row!.reason, refused: push.refused }).toEqual({
      status: 'sent',
      reason: null,
      refused: [],
    });
    expect(push.received).toHaveLength(1);
    const payload = JSON.parse(push.received[0]!.payload) as { title: string; body: string };
    expect(payload).toMatchObject({ title: 'Предложение для вас', body: 'Скидки недели для вас' });
    const [sent] = await t.deps.db.select().from(messages).where(eq(messages.campaignId, id));
    expect(sent).toMatchObject({ userId, status: 'sent' });
  });
});
