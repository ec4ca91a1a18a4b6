// Decision 084: the bank's part of a site payment's return by lines through the real RBS adapter and its fake:
// a bank that does not answer, then the retry; a refund whose answer is lost; never refunded twice.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FakeClock } from '#server/test/auth-kit';
import { closeAfterLedgerCheck } from '#server/test/ledger-invariants';
import { lossy, type Loss } from '#server/test/lossy-acquirer';
import { openBakeryTill, payReceiptOnSite, returnPaid } from '#server/test/payment-return-kit';
import { customerWithBonuses } from '#server/test/payments-kit';
import { rbsAcquirerOf, startRbsFake, type RbsFake } from '#server/test/rbs-fake';
import { payAtRbsFake } from '#server/test/rbs-kit';
import type { TestApp } from '#server/test/test-app';
import { finishUnconfirmedParts } from './unconfirmed-parts';

const PHONE = '79006660842';

describe('returns by lines of a receipt paid on the site, through RBS (decision 084)', () => {
  let fake: RbsFake;
  let t: TestApp;
  let clock: FakeClock;
  let key: string;
  const lose: Loss = { refund: false, statusAfter: false };
  beforeAll(async () => {
    fake = await startRbsFake();
  });
  afterAll(() => fake.close());
  beforeEach(async () => {
    lose.refund = false;
    lose.statusAfter = false;
    ({ t, clock, key } = await openBakeryTill({ acquirer: lossy(rbsAcquirerOf(fake), lose) }));
    await customerWithBonuses(t, PHONE, 0);
  });
  afterEach(async () => {
    fake.misbehave(null);
    await closeAfterLedgerCheck(t, clock);
  });

  /** The receipt paid by card at the fake bank: 500 ₽, 9 ₽ earned on the bread. */
  async function paid(idempotencyKey: string) {
    const payAtBank = payAtRbsFake(fake);
    const { receiptId, draft } = await payReceiptOnSite(t, { key, phone: PHONE, idempotencyKey, payAtBank });
    return { receiptId, orderId: draft.orderId! };
  }
  const refundCalls = () => fake.calls.filter((c) => c.method === 'refund.do').length;
  const refunded = (orderId: string) => fake.orders.get(orderId)!.refunded;

  it('a bank that does not answer: 503, a second return waits for it, the retry finishes it once', async () => {
    const { receiptId, orderId } = await paid('prr-receipt-0001');
    fake.misbehave({ httpStatus: 502 });
    const first = await returnPaid(t, key, receiptId, [{ line: 1, quantity: 3 }], 'prr-return-0001');
    expect(first.statusCode).toBe(503);
    expect(first.json().message).toMatch(/повторите возврат с тем же ключом/);
    expect(refunded(orderId)).toBe(0);
    const other = await returnPaid(t, key, receiptId, [{ line: 2, quantity: 1 }], 'prr-return-0002');
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toMatch(/Предыдущий возврат на карту/);

    fake.misbehave(null);
    clock.advance(121_000); // past the first call’s turn at the bank
    const again = await returnPaid(t, key, receiptId, [{ line: 1, quantity: 3 }], 'prr-return-0001');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ refundedToCard: 300, bonusesTakenBack: 9, withheld: 0 });
    expect(refunded(orderId)).toBe(30_000);
    const calls = refundCalls();
    expect(
      (await returnPaid(t, key, receiptId, [{ line: 1, quantity: 3 }], 'prr-return-0001')).json(),
    ).toEqual(again.json());
    expect(refundCalls()).toBe(calls);
  });

  it('a part the bank did not confirm and nobody retried is finished by the job, once (decision 087)', async () => {
    const { receiptId, orderId } = await paid('prr-receipt-job');
    fake.misbehave({ httpStatus: 502 });
    expect(
      (await returnPaid(t, key, receiptId, [{ line: 1, quantity: 3 }], 'prr-return-job')).statusCode,
    ).toBe(503);
    fake.misbehave(null);
    clock.advance(5 * 60_000 + 1_000);
    expect(await finishUnconfirmedParts(t.deps)).toBe(1);
    expect(refunded(orderId)).toBe(30_000);
    const calls = refundCalls();
    expect(await finishUnconfirmedParts(t.deps)).toBe(0);
    const retry = await returnPaid(t, key, receiptId, [{ line: 1, quantity: 3 }], 'prr-return-job');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ refundedToCard: 300, bonusesTakenBack: 9 });
    expect(refundCalls()).toBe(calls);
  });

  it('a refund whose answer is lost is found at the bank and never asked twice', async () => {
    const { receiptId, orderId } = await paid('prr-receipt-0002');
    lose.refund = true;
    // The refund went through; its answer was lost; the status read after it shows the money back.
    const first = await returnPaid(t, key, receiptId, [{ line: 1, quantity: 1 }], 'prr-return-0101');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().refundedToCard).toBe(100);
    const calls = refundCalls();

    // Lost again, and the status after it too: 503; the retry reads the status and records it, asking nothing.
    lose.statusAfter = true;
    const second = await returnPaid(t, key, receiptId, [{ line: 2, quantity: 1 }], 'prr-return-0102');
    expect(second.statusCode).toBe(503);
    expect(refundCalls()).toBe(calls + 1);
    clock.advance(121_000);
    lose.refund = false;
    const retry = await returnPaid(t, key, receiptId, [{ line: 2, quantity: 1 }], 'prr-return-0102');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().refundedToCard).toBe(200);
    expect(refundCalls()).toBe(calls + 1);
    expect(refunded(orderId)).toBe(30_000);
  });
});
