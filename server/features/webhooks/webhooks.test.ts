import { count, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emitEvent } from '#server/core/events/emit';
import { checkEndpointUrl } from '#server/core/events/endpoint-url';
import { deliverDueWebhooks } from '#server/core/events/deliver';
import { inTransaction } from '#server/db/in-transaction';
import { auditLog } from '#server/db/schema/staff';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '#server/db/schema/webhooks';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { asStaff, staffOfRole } from '#server/test/staff-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { cardholder, issueKey, memberCode, OPERATOR_TOKEN, till } from '#server/test/till-kit';
import { startReceiver, type Receiver } from '#server/test/webhook-receiver';

const PHONE = '79006660301';
const OTHER = '79006660302';
const operator = { authorization: `Bearer ${OPERATOR_TOKEN}` };

describe('events out to the chain (decision 073)', () => {
  let t: TestApp;
  let clock: FakeClock;
  let receiver: Receiver;
  let key: string;

  beforeEach(async () => {
    clock = fakeClock(Date.parse('2026-11-30T09:00:00Z'));
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
    receiver = await startReceiver(() => clock.now());
    key = (await issueKey(t)).key;
  });
  afterEach(async () => {
    await receiver.close();
    await t.close();
  });

  const register = async (eventTypes: string[], url = receiver.url) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/operator/webhooks',
      headers: operator,
      payload: { url, description: 'CRM', eventTypes },
    });
    expect(response.statusCode, response.body).toBe(200);
    receiver.secret = response.json().secret;
    return response.json() as { id: string; secret: string };
  };
  const deliver = () => deliverDueWebhooks({ db: t.deps.db, clock, production: false });
  const rows = async (table: typeof webhookEvents | typeof webhookDeliveries | typeof webhookEndpoints) =>
    (await t.deps.db.select({ n: count() }).from(table))[0]!.n;
  const accrual = async (card: { cardNum: string; secret: string }, sum: number, idempotencyKey: string) => {
    clock.advance(120_000); // a member code is taken once per step
    const verified = await till(t, key, 'POST', '/api/till/verify', {
      code: memberCode(card, clock.now().getTime()),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const accrued = await till(t, key, 'POST', '/api/till/accrue', {
      visitId: verified.json().visitId,
      sum,
      idempotencyKey: `webhooks-${idempotencyKey}`,
    });
    expect(accrued.statusCode, accrued.body).toBe(200);
    return accrued.json();
  };
  const deliveries = () => t.deps.db.select().from(webhookDeliveries).orderBy(webhookDeliveries.seq);

  it('writes nothing without a subscribed endpoint; with one, a signed delivery the receiver verifies', async () => {
    const card = await cardholder(t, PHONE, 100);
    await accrual(card, 1000, 'a-1');
    expect(await rows(webhookEvents)).toBe(0);

    const endpoint = await register(['operation.posted']);
    expect(endpoint.secret).toMatch(/^whsec_[\w-]{43}$/);
    const listed = await t.app.inject({ method: 'GET', url: '/api/operator/webhooks', headers: operator });
    expect(listed.json()[0]).not.toHaveProperty('secret');
    expect(JSON.stringify(listed.json())).not.toContain(endpoint.secret);

    const operation = await accrual(card, 1000, 'a-2');
    const [event] = await t.deps.db.select().from(webhookEvents);
    expect(event).toMatchObject({ type: 'operation.posted', memberId: card.userId });
    expect(event!.payload).toMatchObject({
      kind: 'accrue',
      sum: 100_000,
      earn: 3_000,
      tillOperationId: operation.operationId,
    });

    expect(await deliver()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(got!.signatureValid).toBe(true);
    expect(got!.headers['kopilka-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(got!.event).toMatchObject({
      id: event!.id,
      type: 'operation.posted',
      data: { memberId: card.userId },
    });
    expect(got!.headers['kopilka-event-id']).toBe(event!.id);
    const [delivery] = await deliveries();
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200 });
    expect(await deliver()).toBe(0); // delivered once
  });

  it('an event rolled back with its change writes nothing; a refused refund tells nothing', async () => {
    await register(['operation.posted', 'member.registered']);
    await expect(
      inTransaction(t.deps.db, async (tx) => {
        await emitEvent(t.deps.db, tx, {
          type: 'operation.posted',
          memberId: null,
          payload: { x: 1 },
          at: clock.now(),
        });
        expect(await tx.select({ n: count() }).from(webhookEvents)).toEqual([{ n: 1 }]);
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(await rows(webhookEvents)).toBe(0);
    expect(await rows(webhookDeliveries)).toBe(0);
  });

  it('tells a new member, and a wrong signature secret is refused by the receiver', async () => {
    await register(['member.registered']);
    await cardholder(t, PHONE, 0);
    const [event] = await t.deps.db.select().from(webhookEvents);
    expect(event).toMatchObject({ type: 'member.registered' });
    receiver.secret = 'whsec_not-the-one';
    await deliver();
    expect(receiver.received[0]!.signatureValid).toBe(false);
    expect((await deliveries())[0]).toMatchObject({ status: 'pending', lastStatusCode: 400 });
  });

  it('retries with exponential backoff and gives up 3 days after the event', async () => {
    await register(['operation.posted']);
    const card = await cardholder(t, PHONE, 100);
    receiver.answer = () => 500;
    await accrual(card, 500, 'r-1');
    const start = clock.now().getTime();
    const pauses: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      await deliver();
      const [row] = await deliveries();
      if (row!.status !== 'pending') break;
      pauses.push(row!.nextAttemptAt.getTime() - clock.now().getTime());
      expect(await deliver()).toBe(0); // not due yet
      clock.advance(row!.nextAttemptAt.getTime() - clock.now().getTime());
    }
    const [row] = await deliveries();
    expect(row).toMatchObject({ status: 'failed', lastStatusCode: 500, lastError: 'HTTP 500' });
    expect(pauses.slice(0, 4)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(Math.max(...pauses)).toBe(6 * 60 * 60_000);
    expect(clock.now().getTime() - start).toBeLessThanOrEqual(3 * 24 * 60 * 60_000);
    expect(clock.now().getTime() - start).toBeGreaterThan(2.5 * 24 * 60 * 60_000);
    expect(receiver.received.length).toBe(row!.attempts);
  });

  it("delivers a member's events in order: a later one waits while an earlier one fails; others go on", async () => {
    await register(['operation.posted']);
    const first = await cardholder(t, PHONE, 100);
    const second = await cardholder(t, OTHER, 100);
    await accrual(first, 100, 'o-1');
    clock.advance(1000);
    await accrual(first, 200, 'o-2');
    await accrual(second, 300, 'o-3');
    const failing = (await deliveries())[0]!.eventId;
    receiver.answer = (event) => (event.id === failing ? 503 : 200);
    expect(await deliver()).toBe(1); // the other member's
    expect(receiver.received.map((r) => r.event.data.sum).sort()).toEqual([10_000, 30_000]); // side by side
    clock.advance(30_000);
    expect(await deliver()).toBe(0); // the first fails again; the second still waits
    receiver.answer = () => 200;
    clock.advance(60_000);
    expect(await deliver()).toBe(1);
    expect(await deliver()).toBe(1);
    const sums = receiver.received
      .filter((r) => r.event.data.memberId === first.userId)
      .map((r) => r.event.data.sum);
    expect(sums).toEqual([10_000, 10_000, 10_000, 20_000]);
  });

  it('replays a delivery with the same event id, audited; the log filters', async () => {
    await register(['operation.posted']);
    const card = await cardholder(t, PHONE, 100);
    await accrual(card, 100, 'p-1');
    await deliver();
    const [delivery] = await deliveries();
    const replayed = await t.app.inject({
      method: 'POST',
      url: `/api/operator/webhooks/deliveries/${delivery!.id}/replay`,
      headers: operator,
    });
    expect(replayed.statusCode, replayed.body).toBe(200);
    expect(replayed.json()).toMatchObject({ status: 'pending', attempts: 0 });
    await deliver();
    expect(receiver.received.map((r) => r.event.id)).toEqual([delivery!.eventId, delivery!.eventId]);
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'webhook.replay'));
    expect(audit).toHaveLength(1);
    const log = await t.app.inject({
      method: 'GET',
      url: `/api/operator/webhooks/deliveries?status=delivered&eventType=operation.posted&memberId=${card.userId}`,
      headers: operator,
    });
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json()).toHaveLength(1);
    expect(log.json()[0]).toMatchObject({
      status: 'delivered',
      attempts: 1,
      lastStatusCode: 200,
      url: receiver.url,
    });
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/operator/webhooks/deliveries?status=failed',
      headers: operator,
    });
    expect(none.json()).toEqual([]);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/operator/webhooks/deliveries/00000000-0000-4000-8000-000000000000/replay',
      headers: operator,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses an address that is not https or points inside: 400 in Russian, nothing written', async () => {
    for (const url of [
      'ftp://example.ru/hook',
      'http://example.ru/hook',
      'https://10.0.0.5/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::ffff:127.0.0.1]/hook',
      'https://user:pass@127.0.0.1/hook',
      'не ссылка',
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/operator/webhooks',
        headers: operator,
        payload: { url, eventTypes: ['member.registered'] },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().code, url).toBe('WEBHOOK_URL_REFUSED');
      expect(response.json().message).toMatch(/[а-я]/);
    }
    expect(await rows(webhookEndpoints)).toBe(0);
  });

  it('in production: https only, and every address the host resolves to must be public', async () => {
    const resolve = (addresses: string[]) => async () => addresses.map((address) => ({ address, family: 4 }));
    const production = (url: string, addresses: string[]) =>
      checkEndpointUrl(url, { production: true, resolve: resolve(addresses) });
    await expect(production('https://crm.example.ru/hook', ['93.184.216.34'])).resolves.toBe(
      'https://crm.example.ru/hook',
    );
    await expect(
      production('https://crm.example.ru/hook', ['93.184.216.34', '10.1.2.3']),
    ).rejects.toMatchObject({
      code: 'WEBHOOK_URL_REFUSED',
    });
    await expect(production('https://meta.example.ru/', ['169.254.169.254'])).rejects.toMatchObject({
      code: 'WEBHOOK_URL_REFUSED',
    });
    await expect(production('http://127.0.0.1:8080/hook', [])).rejects.toMatchObject({
      code: 'WEBHOOK_URL_REFUSED',
    });
    await expect(production('https://localhost/hook', ['127.0.0.1'])).rejects.toMatchObject({
      code: 'WEBHOOK_URL_REFUSED',
    });
    await expect(production('https://[fd00::1]/hook', [])).rejects.toMatchObject({
      code: 'WEBHOOK_URL_REFUSED',
    });
    await expect(production('https://nowhere.example.ru/', [])).rejects.toMatchObject({
      code: 'WEBHOOK_URL_REFUSED',
    });
  });

  it('the owner writes endpoints; support and the accountant read the log; the marketer neither', async () => {
    const owner = await staffOfRole(t, clock, OPERATOR_TOKEN, 'owner');
    const support = await staffOfRole(t, clock, OPERATOR_TOKEN, 'support');
    const accountant = await staffOfRole(t, clock, OPERATOR_TOKEN, 'accountant');
    const marketer = await staffOfRole(t, clock, OPERATOR_TOKEN, 'marketer');
    const create = (who: typeof owner) =>
      asStaff(t, who, {
        method: 'POST',
        url: '/api/operator/webhooks',
        payload: { url: receiver.url, eventTypes: ['coupon.used'] },
      });
    const log = (who: typeof owner) =>
      asStaff(t, who, { method: 'GET', url: '/api/operator/webhooks/deliveries' });
    for (const who of [support, accountant, marketer]) expect((await create(who)).statusCode).toBe(403);
    const created = await create(owner);
    expect(created.statusCode, created.body).toBe(200);
    for (const who of [owner, support, accountant]) expect((await log(who)).statusCode).toBe(200);
    expect((await log(marketer)).statusCode).toBe(403);
    const id = created.json().id;
    const off = await asStaff(t, owner, {
      method: 'PATCH',
      url: `/api/operator/webhooks/${id}`,
      payload: { active: false },
    });
    expect(off.json()).toMatchObject({ active: false });
    const rotated = await asStaff(t, owner, {
      method: 'POST',
      url: `/api/operator/webhooks/${id}/rotate-secret`,
    });
    expect(rotated.json().secret).not.toBe(created.json().secret);
    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.entity, 'webhook'));
    expect(audits.map((a) => a.action)).toEqual(['webhook.create', 'webhook.update', 'webhook.rotate']);
    expect(JSON.stringify(audits)).not.toContain('whsec_');
  });

  it('bad input is a 400 and changes nothing: lone surrogates, unknown types, no types, extra fields', async () => {
    const endpoint = await register(['coupon.used']);
    for (const payload of [
      { url: receiver.url, description: 'CRM \ud800', eventTypes: ['coupon.used'] },
      { url: `${receiver.url}\udc00`, eventTypes: ['coupon.used'] },
      { url: receiver.url, eventTypes: ['member.exploded'] },
      { url: receiver.url, eventTypes: [] },
      { url: receiver.url, eventTypes: ['coupon.used'], secret: 'mine' },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/operator/webhooks',
        headers: operator,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/operator/webhooks/${endpoint.id}`,
      headers: operator,
      payload: { description: '\ud83d', active: false },
    });
    expect(patched.statusCode).toBe(400);
    const [row] = await t.deps.db.select().from(webhookEndpoints);
    expect(row).toMatchObject({ description: 'CRM', active: true, eventTypes: ['coupon.used'] });
    expect(await rows(webhookEndpoints)).toBe(1);
  });
});
