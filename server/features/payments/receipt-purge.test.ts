import { count, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paymentReceipts } from '#server/db/schema/payments';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { createDraft, customerWithBonuses } from '#server/test/payments-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { issueKey, OPERATOR_TOKEN, till } from '#server/test/till-kit';
import { PAYMENT_RECEIPT_KEEP_MS, purgeExpiredPaymentReceipts } from './receipt-purge';

const MONDAY_NOON = Date.parse('2026-11-30T09:00:00Z');
const PHONE = '79006660074';

describe('the purge of tills’ receipts past their time (decisions 069, 071)', () => {
  let t: TestApp;
  let clock: FakeClock;
  beforeEach(async () => {
    clock = fakeClock(MONDAY_NOON);
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
  });
  afterEach(() => t.close());

  it('deletes receipts a day past their time that no payment names, in bounded batches; keeps the rest', async () => {
    const key = (await issueKey(t)).key;
    const register = async (n: number) =>
      (
        await till(t, key, 'POST', '/api/till/payment-receipt', {
          idempotencyKey: `purge-receipt-${n}`,
          sum: 100,
          items: [{ name: 'Хлеб', quantity: 1, price: 100, sum: 100 }],
        })
      ).json().receiptId as string;
    const abandoned = await register(1);
    const named = await register(2);
    await customerWithBonuses(t, PHONE, 0);
    await createDraft(t, PHONE, { paySum: 100, spendBonus: false, receiptId: named });
    const fresh = await register(3);
    // The first two ran out a day and a minute ago; the third is in its time.
    const old = new Date(MONDAY_NOON - PAYMENT_RECEIPT_KEEP_MS - 60_000);
    for (const id of [abandoned, named]) {
      await t.deps.db.update(paymentReceipts).set({ expiresAt: old }).where(eq(paymentReceipts.id, id));
    }
    // Just expired (not a day yet): kept, so the customer still reads «истекло».
    await t.deps.db
      .update(paymentReceipts)
      .set({ expiresAt: new Date(MONDAY_NOON - 60_000) })
      .where(eq(paymentReceipts.id, fresh));

    expect(await purgeExpiredPaymentReceipts(t.deps)).toBe(1);
    expect(await purgeExpiredPaymentReceipts(t.deps)).toBe(0);
    const left = await t.deps.db.select({ id: paymentReceipts.id }).from(paymentReceipts);
    expect(left.map((r) => r.id).sort()).toEqual([named, fresh].sort());

    // Bounded: 1,500 dead receipts go in two runs.
    const createdAt = new Date(MONDAY_NOON - 2 * PAYMENT_RECEIPT_KEEP_MS);
    await t.deps.db.insert(paymentReceipts).values(
      Array.from({ length: 1500 }, (_, i) => ({
        retailPointId: 1,
        idempotencyKey: `bulk:${i}`,
        sum: 100,
        items: [],
        createdAt,
        expiresAt: old,
      })),
    );
    expect(await purgeExpiredPaymentReceipts(t.deps)).toBe(1000);
    expect(await purgeExpiredPaymentReceipts(t.deps)).toBe(500);
    expect((await t.deps.db.select({ n: count() }).from(paymentReceipts))[0]!.n).toBe(2);
  });
});
