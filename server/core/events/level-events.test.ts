import { count } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readBrandSettings, saveBrandSettings } from '#server/core/brand-settings';
import { deliverDueWebhooks } from '#server/core/events/deliver';
import { announceAgedOutLevels } from '#server/core/events/level-window';
import { purgeOldWebhookEvents } from '#server/core/events/outbox-purge';
import { operations } from '#server/db/schema/cabinet';
import { jobCursors } from '#server/db/schema/jobs';
import { webhookDeliveries, webhookEvents } from '#server/db/schema/webhooks';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { cardholder, issueKey, memberCode, OPERATOR_TOKEN, till } from '#server/test/till-kit';
import { startReceiver, type Receiver } from '#server/test/webhook-receiver';

const DAY = 86_400_000;
const operator = { authorization: `Bearer ${OPERATOR_TOKEN}` };
const LEVELS = [
  { title: 'Базовый', fromSpend: 0, earnPercent: 0 },
  { title: 'Серебряный', fromSpend: 10_000, earnPercent: 5 },
];

/** `member.level_changed` (decision 079) and the outbox's purge. */
describe('level changes told to the chain, and the outbox kept a month', () => {
  let t: TestApp;
  let clock: FakeClock;
  let receiver: Receiver;
  let key: string;

  beforeEach(async () => {
    clock = fakeClock(Date.parse('2026-11-30T09:00:00Z'));
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
    receiver = await startReceiver(() => clock.now());
    key = (await issueKey(t)).key;
    const settings = await readBrandSettings(t.deps.db);
    await saveBrandSettings(t.deps.db, t.deps.cache, { ...settings, levels: LEVELS });
  });
  afterEach(async () => {
    await receiver.close();
    await t.close();
  });

  const register = async (eventTypes: string[]) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/operator/webhooks',
      headers: operator,
      payload: { url: receiver.url, eventTypes },
    });
    expect(response.statusCode, response.body).toBe(200);
    receiver.secret = response.json().secret;
  };
  const accrual = async (card: Awaited<ReturnType<typeof cardholder>>, roubles: number, id: string) => {
    clock.advance(120_000); // a member code is taken once per step
    const verified = await till(t, key, 'POST', '/api/till/verify', {
      code: memberCode(card, clock.now().getTime()),
    });
    const accrued = await till(t, key, 'POST', '/api/till/accrue', {
      visitId: verified.json().visitId,
      sum: roubles,
      idempotencyKey: `levels-${id}`,
    });
    expect(accrued.statusCode, accrued.body).toBe(200);
    return accrued.json() as { operationId: string };
  };
  const levelEvents = async () =>
    (await t.deps.db.select().from(webhookEvents).orderBy(webhookEvents.createdAt))
      .filter((event) => event.type === 'member.level_changed')
      .map((event) => event.payload);
  const job = () => announceAgedOutLevels({ db: t.deps.db, cache: t.deps.cache, clock });

  it('tells a purchase that crosses a threshold, and its refund, once each; nothing below it', async () => {
    await register(['member.level_changed']);
    const card = await cardholder(t, '79006670001', 0);
    await accrual(card, 5_000, 'a');
    expect(await levelEvents()).toEqual([]);
    const crossing = await accrual(card, 6_000, 'b');
    await accrual(card, 1_000, 'c');
    expect(await levelEvents()).toEqual([
      expect.objectContaining({ memberId: card.userId, from: 'Базовый', to: 'Серебряный', direction: 'up' }),
    ]);
    expect((await levelEvents())[0]).toMatchObject({ reason: 'purchase', spend: 1_100_000 });

    const refunded = await till(t, key, 'POST', `/api/till/operations/${crossing.operationId}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await levelEvents())[1]).toMatchObject({
      from: 'Серебряный',
      to: 'Базовый',
      direction: 'down',
      reason: 'refund',
      spend: 600_000,
    });
    // A member's events go in order, one a run.
    await deliverDueWebhooks({ db: t.deps.db, clock, production: false });
    await deliverDueWebhooks({ db: t.deps.db, clock, production: false });
    expect(receiver.received.map((r) => r.event.data.to)).toEqual(['Серебряный', 'Базовый']);
  });

  it('tells a level lost as purchases leave the 12 months, walking only the purchases a year old', async () => {
    const card = await cardholder(t, '79006670002', 0);
    const other = await cardholder(t, '79006670003', 0);
    const bought = (userId: string, roubles: number, daysAgo: number) =>
      t.deps.db.insert(operations).values({
        userId,
        place: 'Магазин',
        occurredAt: new Date(clock.now().getTime() - daysAgo * DAY),
        amount: roubles * 100,
        state: 'PROCESSED',
        type: 'PAYMENT',
      });
    await bought(card.userId, 12_000, 364);
    await bought(other.userId, 12_000, 363);
    await bought(other.userId, 12_000, 10); // still Серебряный when the old one leaves
    expect(await job()).toBe(0); // the first run only sets the cursor: the past is not news
    clock.advance(DAY);
    expect(await job()).toBe(0); // nobody listens: the cursor walks on, nothing is written
    expect(await t.deps.db.select({ n: count() }).from(webhookEvents)).toEqual([{ n: 0 }]);

    await register(['member.level_changed']);
    clock.advance(DAY); // the 364-day-old purchase has left
    expect(await job()).toBe(1);
    expect(await levelEvents()).toEqual([
      expect.objectContaining({ memberId: card.userId, from: 'Серебряный', to: 'Базовый', reason: 'window' }),
    ]);
    clock.advance(2 * DAY); // the other member's old purchase leaves too, but the recent one holds the level
    expect(await job()).toBe(0);
    expect(await levelEvents()).toHaveLength(1);
    const [cursor] = await t.deps.db.select().from(jobCursors);
    expect(cursor!.until.getTime()).toBe(clock.now().getTime() - 365 * DAY);
  });

  it('purges events a month old with their finished deliveries, keeping one still pending', async () => {
    await register(['operation.posted']);
    const card = await cardholder(t, '79006670004', 0);
    await accrual(card, 100, 'p-1');
    await accrual(card, 100, 'p-2');
    await deliverDueWebhooks({ db: t.deps.db, clock, production: false });
    receiver.answer = () => 500;
    clock.advance(29 * DAY);
    await accrual(card, 100, 'p-3'); // pending: the receiver fails
    await deliverDueWebhooks({ db: t.deps.db, clock, production: false });
    expect(await purgeOldWebhookEvents({ db: t.deps.db, clock })).toBe(0);
    clock.advance(2 * DAY);
    expect(await purgeOldWebhookEvents({ db: t.deps.db, clock })).toBe(2);
    expect(await purgeOldWebhookEvents({ db: t.deps.db, clock })).toBe(0);
    expect(await t.deps.db.select({ n: count() }).from(webhookEvents)).toEqual([{ n: 1 }]);
    const left = await t.deps.db.select().from(webhookDeliveries);
    expect(left.map((row) => row.status)).toEqual(['pending']);
  });
});
