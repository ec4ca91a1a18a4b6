// Decision 085: gift cards a company pays for by invoice, from its bank account, get no fiscal receipt
// (54-FZ art. 2 p. 9); the cloud mode queues none when the operator marks the invoice paid.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { giftCards } from '#server/db/schema/gift-cards';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { callAs } from '#server/test/cabinet-kit';
import { asOperator, CLOUD, FISCAL_OPERATOR, putFiscal, receiptRows } from '#server/test/fiscal-kit';
import { COMPANY } from '#server/test/gift-cards-kit';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { calendarDay } from '#common/lib/format';

describe('an invoice a company paid by bank transfer, in the cloud mode', () => {
  let t: TestApp;
  let clock: FakeClock;
  beforeEach(async () => {
    clock = fakeClock();
    t = await createTestApp({ clock, config: { operatorToken: FISCAL_OPERATOR } });
  });
  afterEach(async () => {
    await assertLedgerInvariants(t.deps.db, { now: clock.now() });
    await t.close();
  });

  it('issues the cards and queues no receipt: the law exempts transfers between organisations', async () => {
    expect((await putFiscal(t, CLOUD)).statusCode).toBe(200);
    const asked = await callAs(t, '79005550311', 'POST', '/api/gc/juridical', {
      ...COMPANY,
      balance: '1000',
      recipients: [{ phone: '79005550411', name: 'Анна' }],
      congratulation: 'С праздником!',
      imageId: 'gift-2.webp',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/operator/gift-card-invoices/1001/paid',
      headers: asOperator,
      payload: { paymentNumber: '77', paymentDate: calendarDay(clock.now(), 'Europe/Moscow') },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await t.deps.db.select().from(giftCards)).toHaveLength(1);
    expect(await receiptRows(t)).toEqual([]);
  });
});
