import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deliverDueWebhooks } from '#server/core/events/deliver';
import { forgetEndpoints } from '#server/core/events/endpoint-cache';
import { emitEvent } from '#server/core/events/emit';
import { pinnedLookup } from '#server/core/events/pinned-post';
import { inTransaction } from '#server/db/in-transaction';
import { webhookDeliveries, webhookEndpoints } from '#server/db/schema/webhooks';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { startReceiver, type Receiver } from '#server/test/webhook-receiver';

const PUBLIC = { address: '93.184.216.34', family: 4 };
const LOOPBACK = { address: '127.0.0.1', family: 4 };

const lookupOnce = (resolve: () => Promise<(typeof PUBLIC)[]>, all: boolean) =>
  new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((done) =>
    pinnedLookup(resolve)('hooks.example.test', { all }, (error, address) => done({ error, address })),
  );

/** The connection goes to the addresses that were checked (decision 079). */
describe('a delivery pinned to the checked address', () => {
  it('hands the socket the resolved public addresses, and refuses a host with any private one', async () => {
    expect(await lookupOnce(async () => [PUBLIC], false)).toEqual({ error: null, address: PUBLIC.address });
    expect(await lookupOnce(async () => [PUBLIC], true)).toEqual({ error: null, address: [PUBLIC] });
    const refused = await lookupOnce(async () => [PUBLIC, LOOPBACK], true);
    expect(refused.error).toMatchObject({ code: 'EADDRREFUSED' });
  });

  describe('against a name that turns to the loopback between the check and the connection', () => {
    let t: TestApp;
    let clock: FakeClock;
    let receiver: Receiver;
    beforeEach(async () => {
      clock = fakeClock(Date.parse('2026-11-30T09:00:00Z'));
      t = await createTestApp({ clock });
      receiver = await startReceiver(() => clock.now());
    });
    afterEach(async () => {
      await receiver.close();
      await t.close();
    });

    it('fails the attempt and never reaches the receiver on the loopback', async () => {
      const port = new URL(receiver.url).port;
      await t.deps.db.insert(webhookEndpoints).values({
        url: `https://hooks.example.test:${port}/`,
        secret: 'whsec_test',
        eventTypes: ['operation.posted'],
        createdAt: clock.now(),
        updatedAt: clock.now(),
      });
      forgetEndpoints(t.deps.db);
      await inTransaction(t.deps.db, (tx) =>
        emitEvent(t.deps.db, tx, { type: 'operation.posted', memberId: null, payload: {}, at: clock.now() }),
      );
      // The rebinding resolver: public for the check, the loopback for every lookup after it.
      let calls = 0;
      const resolve = async () => (calls++ === 0 ? [PUBLIC] : [LOOPBACK]);
      await deliverDueWebhooks({ db: t.deps.db, clock, production: true, resolve });
      expect(calls).toBe(2);
      expect(receiver.received).toEqual([]);
      const [row] = await t.deps.db.select().from(webhookDeliveries);
      expect(row).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null });
      expect(row!.lastError).toBe('hooks.example.test resolves to a forbidden address');
    });
  });
});
