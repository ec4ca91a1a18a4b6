import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { giftCardDeliveries } from '#server/db/schema/gift-cards';
import { auditLog } from '#server/db/schema/staff';
import { createConsoleSmsProvider, type ConsoleSmsProvider } from '#server/integrations/sms/console-provider';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { paidGiftCard } from '#server/test/gift-cards-kit';
import { deliverDueGiftCards } from './delivery';

const OPERATOR_TOKEN = 'failed-deliveries-operator-token-0123456789';
const RECIPIENT = '79005550421';

const operator = (t: TestApp, method: 'GET' | 'POST', url: string) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } });

describe("the console's failed gift-card deliveries", () => {
  let t: TestApp;
  let clock: FakeClock;
  let refuse: boolean;
  beforeEach(async () => {
    clock = fakeClock();
    refuse = true;
    // The console provider refusing gift-card texts while `refuse` (logins still read their codes from it).
    const console = createConsoleSmsProvider({ clock, log: () => undefined });
    const flaky: ConsoleSmsProvider = {
      ...console,
      async send(phone, text) {
        if (refuse && text.includes('/gc/')) throw new Error('gateway said no');
        await console.send(phone, text);
      },
    };
    t = await createTestApp({ clock, sms: flaky, config: { operatorToken: OPERATOR_TOKEN } });
  });
  afterEach(async () => {
    await assertLedgerInvariants(t.deps.db, { now: clock.now() });
    await t.close();
  });

  it('lists a delivery that used up its attempts, and a retry (audited) makes the job send it', async () => {
    const card = await paidGiftCard(t, OPERATOR_TOKEN, RECIPIENT);
    expect((await operator(t, 'GET', '/api/operator/gift-card-deliveries/failed')).json()).toEqual([]);
    expect(await deliverDueGiftCards(t.deps, { maxAttempts: 10, leaseMs: 0 })).toBe(0);
    const [row] = await t.deps.db.select().from(giftCardDeliveries);
    await t.deps.db
      .update(giftCardDeliveries)
      .set({ attempts: 10 })
      .where(eq(giftCardDeliveries.id, row!.id));
    refuse = false;
    expect(await deliverDueGiftCards(t.deps, { leaseMs: 0 })).toBe(0); // used up: the job leaves it alone

    const failed = await operator(t, 'GET', '/api/operator/gift-card-deliveries/failed');
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json()).toEqual([
      expect.objectContaining({
        deliveryId: row!.id,
        cardPublicId: card.publicId,
        phone: RECIPIENT,
        attempts: 10,
        lastError: 'gateway said no',
      }),
    ]);
    const retried = await operator(t, 'POST', `/api/operator/gift-card-deliveries/${row!.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ attempts: 0, lastError: null });
    const [audit] = await t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'giftCardDelivery.retried'));
    expect(audit).toMatchObject({ entityId: row!.id, before: { card: card.publicId, attempts: 10 } });
    expect(JSON.stringify(audit)).not.toContain(RECIPIENT);

    expect(await deliverDueGiftCards(t.deps)).toBe(1);
    expect((await operator(t, 'GET', '/api/operator/gift-card-deliveries/failed')).json()).toEqual([]);
    const again = await operator(t, 'POST', `/api/operator/gift-card-deliveries/${row!.id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('DELIVERY_SENT');
  });

  it('answers 404 for an unknown delivery and 400 for a malformed id, changing nothing', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (await operator(t, 'POST', `/api/operator/gift-card-deliveries/${unknown}/retry`)).statusCode,
    ).toBe(404);
    expect((await operator(t, 'POST', '/api/operator/gift-card-deliveries/nope/retry')).statusCode).toBe(400);
    expect(await t.deps.db.select().from(auditLog)).toHaveLength(0);
  });
});
