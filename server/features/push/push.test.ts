import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema/auth';
import { pushSubscriptions, pushVapidKeys } from '#server/db/schema/push';
import { sendAdvertisingPush } from '#server/integrations/push/advertising-push';
import { startFakePushService, type FakePushService } from '#server/integrations/push/fake-push-service';
import { sendPushToMember } from '#server/integrations/push/push-sender';
import { fakeClock } from '#server/test/auth-kit';
import { callAs, registeredCustomer } from '#server/test/cabinet-kit';
import { cardholder, issueKey, memberCode, OPERATOR_TOKEN, till } from '#server/test/till-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';

const MESSAGE = { title: 'Бонусы за покупку', body: 'Начислено 30 бонусов', url: '/profile?t=operations' };

describe('web push', () => {
  let t: TestApp;
  let fake: FakePushService;
  let publicKey: string;
  // 12:00 in Moscow: outside the demo brand's quiet hours.
  const clock = fakeClock(Date.parse('2030-01-01T09:00:00Z'));

  const userIdOf = async (phone: string) =>
    (await t.deps.db.select({ id: users.id }).from(users).where(eq(users.phone, phone)))[0]!.id;
  const rowsOf = (userId: string) =>
    t.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  const subscribe = (phone: string, body: object) =>
    callAs(t, phone, 'POST', '/api/user/push-subscriptions', body);
  /** A member with a card and this fake browser's subscription kept. */
  async function subscribedMember(phone: string) {
    await registeredCustomer(t, phone);
    const subscription = fake.subscribe(publicKey);
    const response = await subscribe(phone, subscription);
    expect(response.statusCode, response.body).toBe(200);
    return { userId: await userIdOf(phone), subscription };
  }

  beforeAll(async () => {
    fake = await startFakePushService();
    t = await createTestApp({
      clock,
      config: { operatorToken: OPERATOR_TOKEN, publicUrl: 'https://loyalty.example' },
    });
    publicKey = (await t.app.inject({ url: '/api/push/key' })).json().publicKey;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('serves one VAPID public key, generated once and kept in the database', async () => {
    expect(publicKey).toMatch(/^[\w-]{87}$/);
    expect((await t.app.inject({ url: '/api/push/key' })).json()).toEqual({ publicKey });
    const rows = await t.deps.db.select().from(pushVapidKeys);
    expect(rows.map((r) => r.publicKey)).toEqual([publicKey]);
    // The private key is kept, never answered.
    expect(JSON.stringify((await t.app.inject({ url: '/api/push/key' })).json())).not.toContain(
      rows[0]!.privateKey,
    );
  });

  it('keeps a subscription with its user agent, and a second post of it updates the one row', async () => {
    const phone = '79008880001';
    const { userId, subscription } = await subscribedMember(phone);
    const again = await callAs(t, phone, 'POST', '/api/user/push-subscriptions', subscription);
    expect(again.json()).toEqual({ subscribed: true });
    const rows = await rowsOf(userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ endpoint: subscription.endpoint, failures: 0, lastSuccessAt: null });
    expect(rows[0]!.userAgent).toContain('lightMyRequest');
  });

  it('sends through the push service: VAPID signed for its origin, encrypted to the browser, TTL and urgency set', async () => {
    const { userId, subscription } = await subscribedMember('79008880002');
    const delivery = await sendPushToMember(t.deps, userId, { ...MESSAGE, tag: 'bonuses' });
    expect(delivery).toEqual({ status: 'sent', delivered: 1, removed: 0, failed: 0 });
    const got = fake.received.find((m) => m.endpoint === subscription.endpoint)!;
    expect(JSON.parse(got.payload)).toEqual({ ...MESSAGE, tag: 'bonuses' });
    expect(got).toMatchObject({ ttl: 86_400, urgency: 'normal', topic: 'bonuses' });
    expect(got.claims.aud).toBe(fake.origin);
    expect(got.claims.sub).toMatch(/^(mailto:|https:)/);
    expect((await rowsOf(userId))[0]!.lastSuccessAt).toEqual(clock.now());
  });

  it('a 410 or 404 from the push service deletes the subscription; a 429 counts a failure and keeps it', async () => {
    const { userId, subscription } = await subscribedMember('79008880003');
    fake.answer(subscription.endpoint, 429);
    expect(await sendPushToMember(t.deps, userId, MESSAGE)).toMatchObject({ delivered: 0, failed: 1 });
    expect((await rowsOf(userId))[0]!.failures).toBe(1);
    fake.answer(subscription.endpoint, 410);
    expect(await sendPushToMember(t.deps, userId, MESSAGE)).toMatchObject({ delivered: 0, removed: 1 });
    expect(await rowsOf(userId)).toEqual([]);
    expect(await sendPushToMember(t.deps, userId, MESSAGE)).toMatchObject({ status: 'no-subscriptions' });

    const other = await subscribedMember('79008880004');
    fake.answer(other.subscription.endpoint, 404);
    expect(await sendPushToMember(t.deps, other.userId, MESSAGE)).toMatchObject({ removed: 1 });
    expect(await rowsOf(other.userId)).toEqual([]);
  });

  it('the push service refuses a message signed with another key (the subscription is bound to its key)', async () => {
    await registeredCustomer(t, '79008880005');
    const foreign = fake.subscribe(
      'BOther-key-the-browser-was-given-not-this-site-s-key_________________________12',
    );
    await subscribe('79008880005', foreign);
    const delivery = await sendPushToMember(t.deps, await userIdOf('79008880005'), MESSAGE);
    expect(delivery).toMatchObject({ delivered: 0, failed: 1 });
    expect(fake.refused.at(-1)).toMatchObject({ status: 403, endpoint: foreign.endpoint });
  });

  it('switching off deletes the member’s own subscription only', async () => {
    const { userId, subscription } = await subscribedMember('79008880006');
    const stranger = await callAs(t, '79008880007', 'POST', '/api/user/push-subscriptions/unsubscribe', {
      endpoint: subscription.endpoint,
    });
    expect(stranger.json()).toEqual({ subscribed: false });
    expect(await rowsOf(userId)).toHaveLength(1);
    const own = await callAs(t, '79008880006', 'POST', '/api/user/push-subscriptions/unsubscribe', {
      endpoint: subscription.endpoint,
    });
    expect(own.json()).toEqual({ subscribed: false });
    expect(await rowsOf(userId)).toEqual([]);
  });

  it('refuses bad keys, a lone surrogate and a non-URL with a 400, and stores nothing', async () => {
    const phone = '79008880008';
    await registeredCustomer(t, phone);
    const good = fake.subscribe(publicKey);
    for (const body of [
      { ...good, keys: { ...good.keys, p256dh: 'short' } },
      { ...good, keys: { ...good.keys, auth: `${good.keys.auth}AAAA` } },
      { ...good, endpoint: `${good.endpoint}\ud800` },
      { ...good, endpoint: 'not a url' },
      { ...good, extra: true },
    ]) {
      const response = await subscribe(phone, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(/[а-я]/i);
    }
    expect(await rowsOf(await userIdOf(phone))).toEqual([]);
  });

  it('after a purchase at the till the member gets the service push of the bonuses earned', async () => {
    const phone = '79008880009';
    const card = await cardholder(t, phone, 100);
    const subscription = fake.subscribe(publicKey);
    await subscribe(phone, subscription);
    const { key } = await issueKey(t);
    const visit = await till(t, key, 'POST', '/api/till/verify', {
      code: memberCode(card, clock.now().getTime()),
    });
    const accrual = await till(t, key, 'POST', '/api/till/accrue', {
      visitId: visit.json().visitId,
      sum: 1000,
      idempotencyKey: 'push-accrue',
    });
    expect(accrual.statusCode, accrual.body).toBe(200);
    await expect.poll(() => fake.received.filter((m) => m.endpoint === subscription.endpoint).length).toBe(1);
    const got = JSON.parse(fake.received.find((m) => m.endpoint === subscription.endpoint)!.payload);
    expect(got).toEqual({
      title: 'Бонусы за покупку',
      body: expect.stringMatching(/^Начислено 30\u00a0бонусов за покупку в «.+»\.$/),
      url: '/profile?t=operations',
    });
  });

  it('an advertising push passes mayAdvertise: no consent sends nothing; with it, the unsubscribe link goes along', async () => {
    const phone = '79008880010';
    const { userId, subscription } = await subscribedMember(phone);
    const before = fake.received.length;
    const refused = await sendAdvertisingPush(t.deps, userId, MESSAGE, []);
    expect(refused).toEqual({ sent: false, verdict: { allowed: false, reason: 'no-consent' } });
    expect(fake.received.length).toBe(before);

    await callAs(t, phone, 'PUT', '/api/user/marketing-consent', { channel: 'push', granted: true });
    const sent = await sendAdvertisingPush(t.deps, userId, MESSAGE, []);
    expect(sent).toMatchObject({ sent: true, delivery: { delivered: 1 } });
    const got = fake.received.find((m) => m.endpoint === subscription.endpoint)!;
    expect(JSON.parse(got.payload).unsubscribeUrl).toMatch(/^https:\/\/loyalty\.example\/u\/[\w-]{39}$/);
    expect(got).toMatchObject({ urgency: 'low', ttl: 12 * 3600 });
    const capped = await sendAdvertisingPush(t.deps, userId, MESSAGE, [
      clock.now(),
      clock.now(),
      clock.now(),
    ]);
    expect(capped).toMatchObject({ sent: false, verdict: { reason: 'frequency-cap' } });
  });

  it('refuses an endpoint over http or on a private address with a 400 (production: the loopback too)', async () => {
    const phone = '79008880012';
    await registeredCustomer(t, phone);
    const { keys } = fake.subscribe(publicKey);
    for (const [endpoint, message] of [
      ['http://push.example/send/1', /https/],
      ['https://10.0.0.7/send/1', /внутреннюю сеть/],
      ['https://169.254.169.254/latest', /внутреннюю сеть/],
      ['https://[fd00::1]/send/1', /внутреннюю сеть/],
      ['https://user:pw@push.example/send/1', /имени и пароля/],
    ] as const) {
      const response = await subscribe(phone, { endpoint, keys });
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'PUSH_ENDPOINT_REFUSED',
        message: expect.stringMatching(message),
      });
    }
    expect(await rowsOf(await userIdOf(phone))).toEqual([]);
  });

  it('refuses a message whose link leaves the site, before anything is sent', async () => {
    const { userId } = await subscribedMember('79008880011');
    await expect(
      sendPushToMember(t.deps, userId, { ...MESSAGE, url: 'https://evil.example/profile' }),
    ).rejects.toThrow(/url/);
    await expect(sendPushToMember(t.deps, userId, { ...MESSAGE, url: '//evil.example/' })).rejects.toThrow(
      /url/,
    );
  });
});

describe('web push switched off', () => {
  it('PUSH_ENABLED=false: no key for the site, subscribing is a 409, a send reports disabled', async () => {
    const t = await createTestApp({ config: { pushEnabled: false } });
    try {
      expect((await t.app.inject({ url: '/api/push/key' })).json()).toEqual({ publicKey: null });
      await registeredCustomer(t, '79008880021');
      const response = await callAs(t, '79008880021', 'POST', '/api/user/push-subscriptions', {
        endpoint: 'http://127.0.0.1:9/push/1',
        keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('PUSH_DISABLED');
      const delivery = await sendPushToMember(t.deps, '00000000-0000-0000-0000-000000000000', MESSAGE);
      expect(delivery).toEqual({ status: 'disabled', delivered: 0, removed: 0, failed: 0 });
    } finally {
      await t.close();
    }
  });
});
