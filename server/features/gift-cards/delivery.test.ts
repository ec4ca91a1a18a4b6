import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SmsProvider } from '#server/integrations/sms/sms-provider';
import { createConsoleSmsProvider, type ConsoleSmsProvider } from '#server/integrations/sms/console-provider';
import { giftCardDeliveries } from '#server/db/schema/gift-cards';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { createTestApp } from '#server/test/test-app';
import { createTestDatabase } from '#server/test/test-database';
import { fakeClock } from '#server/test/auth-kit';
import { ALICE, BOB, buyAndPay, HOUR, outboxOf } from '#server/test/gift-cards-kit';
import { deliverDueGiftCards, DELIVERY } from './delivery';

describe('gift-card delivery across instances and restarts', () => {
  it('sends exactly once when the first instance is gone and a new one starts on the same database', async () => {
    const clock = fakeClock();
    const database = await createTestDatabase();
    try {
      const first = await createTestApp({ clock, database });
      const sendingDate = new Date(clock.now().getTime() + 24 * HOUR).toISOString();
      await buyAndPay(first, { sendingDate, recipients: [{ phone: ALICE }, { phone: BOB }] });
      expect(await deliverDueGiftCards(first.deps)).toBe(0);
      await first.close();

      // A second instance that claims the due rows and dies mid-send (its SMS gateway never answers).
      const hanging: SmsProvider = { name: 'hanging', send: () => new Promise(() => undefined) };
      const crashed = await createTestApp({ clock, database, sms: hanging });
      clock.advance(24 * HOUR);
      void deliverDueGiftCards(crashed.deps);
      await waitFor(async () => {
        const rows = await database.db.select().from(giftCardDeliveries);
        return rows.every((row) => row.claimedAt !== null);
      });

      // Two restarted instances: nothing while the dead instance's claim holds, then each SMS once between
      // them, even with their runs overlapping.
      const restarted = await createTestApp({ clock, database });
      const sibling = await createTestApp({ clock, database });
      expect(await deliverDueGiftCards(restarted.deps)).toBe(0);
      clock.advance(DELIVERY.leaseMs + 1000);
      const runs = await Promise.all([
        deliverDueGiftCards(restarted.deps),
        deliverDueGiftCards(sibling.deps),
        deliverDueGiftCards(restarted.deps),
      ]);
      expect(runs.reduce((sum, n) => sum + n, 0)).toBe(2);
      expect(await deliverDueGiftCards(sibling.deps)).toBe(0);
      for (const phone of [ALICE, BOB]) {
        expect(outboxOf(restarted, phone).length + outboxOf(sibling, phone).length).toBe(1);
      }
      const rows = await database.db.select().from(giftCardDeliveries);
      expect(rows.every((row) => row.sentAt !== null)).toBe(true);
      await assertLedgerInvariants(database.db, { now: clock.now() });
      await Promise.all([restarted.close(), sibling.close(), crashed.close()]);
    } finally {
      await database.close();
    }
  });

  it('keeps a refused SMS for a later run, with the error, until it goes out', async () => {
    const clock = fakeClock();
    let refuse = true;
    // The console provider (logins read their codes from its outbox) refusing gift-card texts while `refuse`.
    const console = createConsoleSmsProvider({ clock, log: () => undefined });
    const flaky: ConsoleSmsProvider = {
      ...console,
      async send(phone, text) {
        if (refuse && text.includes('/gc/')) throw new Error('gateway said no');
        await console.send(phone, text);
      },
    };
    const t = await createTestApp({ clock, sms: flaky });
    try {
      await buyAndPay(t);
      expect(await deliverDueGiftCards(t.deps)).toBe(0);
      const [row] = await t.deps.db.select().from(giftCardDeliveries);
      expect(row).toMatchObject({ attempts: 1, lastError: 'gateway said no', sentAt: null });
      refuse = false;
      expect(await deliverDueGiftCards(t.deps)).toBe(0); // the claim's lease still holds
      clock.advance(DELIVERY.leaseMs + 1000);
      expect(await deliverDueGiftCards(t.deps)).toBe(1);
      const [done] = await t.deps.db
        .select()
        .from(giftCardDeliveries)
        .where(eq(giftCardDeliveries.id, row!.id));
      expect(done).toMatchObject({ attempts: 2, lastError: null });
      expect(outboxOf(t, ALICE)).toHaveLength(1);
      await assertLedgerInvariants(t.deps.db, { now: clock.now() });
    } finally {
      await t.close();
    }
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
