// The payment API end to end through the real RBS adapter, against a local fake of the gateway.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rbsAcquirerOf, startRbsFake, type RbsFake } from '#server/test/rbs-fake';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { balancesOf } from '#server/core/ledger';
import { releaseExpiredHolds } from './expire-drafts';
import { completeDraft as completeDraftService } from './settle-draft';
import {
  bonusesOf,
  completeDraft,
  createDraft,
  customerWithBonuses,
  processDraft,
  RETURN_URL,
} from '#server/test/payments-kit';

const PHONE = '79005550101';

/** The gateway's order behind a hosted-page address (`...payment_ru.html?mdOrder=<orderId>`). */
const orderIdOf = (formUrl: string) => new URL(formUrl).searchParams.get('mdOrder') ?? '';

describe('loyalty payments through the RBS gateway', () => {
  let fake: RbsFake;
  let t: TestApp;
  let clock: FakeClock;
  beforeAll(async () => {
    fake = await startRbsFake();
  });
  afterAll(() => fake.close());
  beforeEach(async () => {
    clock = fakeClock();
    t = await createTestApp({
      clock,
      acquirer: rbsAcquirerOf(fake),
    });
  });
  afterEach(async () => {
    await assertLedgerInvariants(t.deps.db, { now: clock.now() });
    await t.close();
  });

  it('card: the customer is sent to the gateway page; paid there, the finish step completes the draft', async () => {
    await customerWithBonuses(t, PHONE, 1000);
    const draft = await createDraft(t, PHONE, { paySum: 500, spendBonus: true, payType: 'CARD' });
    expect(draft).toMatchObject({ leftToPay: 250 });
    const processed = (await processDraft(t, PHONE, draft.draftId)).json().data;
    expect(processed).toMatchObject({ status: 1, state: 'processing' });
    expect(processed.formUrl).toMatch(
      new RegExp(`^${fake.origin}/payment/merchants/kopilka/payment_ru\\.html\\?mdOrder=[0-9a-f-]{36}$`),
    );
    const order = fake.orders.get(orderIdOf(processed.formUrl))!;
    expect(order).toMatchObject({
      amount: 25_000,
      orderNumber: draft.draftId.replace(/-/g, ''),
      returnUrl: RETURN_URL,
      orderStatus: 0,
    });
    expect(await bonusesOf(t, PHONE)).toBe(750);
    // Back before paying: the gateway says the order waits.
    expect((await completeDraft(t, PHONE, draft.draftId)).json().data).toMatchObject({ status: 1 });

    fake.pay(order.orderId);
    const done = (await completeDraft(t, PHONE, draft.draftId)).json().data;
    expect(done).toMatchObject({ status: 0, state: 'completed', spent: 250, earned: 7.5, leftToPay: 250 });
    expect(done.confirmationCode).toMatch(/^\d{6}$/);
    expect(await bonusesOf(t, PHONE)).toBe(757.5);
    // A repeated return changes nothing.
    expect((await completeDraft(t, PHONE, draft.draftId)).json().data).toMatchObject({ status: 0 });
    expect(await bonusesOf(t, PHONE)).toBe(757.5);
  });

  it('a declined card fails the draft with the bank reason and gives the hold back', async () => {
    await customerWithBonuses(t, PHONE, 1000);
    const draft = await createDraft(t, PHONE, { paySum: 400, spendBonus: true, payType: 'CARD' });
    const { formUrl } = (await processDraft(t, PHONE, draft.draftId)).json().data;
    expect(await bonusesOf(t, PHONE)).toBe(800);
    fake.decline(orderIdOf(formUrl), 116);
    const result = (await completeDraft(t, PHONE, draft.draftId)).json().data;
    expect(result).toMatchObject({
      status: 2,
      state: 'failed',
      errorCode: '116',
      errorMessage: 'Недостаточно средств',
    });
    expect(await bonusesOf(t, PHONE)).toBe(1000);
  });

  it('SBP: the formUrl is the qr.nspk.ru payload of the order', async () => {
    await customerWithBonuses(t, PHONE, 100);
    const draft = await createDraft(t, PHONE, { paySum: 100, spendBonus: true, payType: 'SBP_QR' });
    const { formUrl } = (await processDraft(t, PHONE, draft.draftId)).json().data;
    expect(formUrl).toMatch(/^https:\/\/qr\.nspk\.ru\/[0-9A-F]{32}\?/);
    const order = fake.findByNumber(draft.draftId.replace(/-/g, ''))!;
    expect(formUrl).toContain(order.qrId);
    fake.pay(order.orderId);
    expect((await completeDraft(t, PHONE, draft.draftId)).json().data).toMatchObject({ status: 0 });
    expect(await bonusesOf(t, PHONE)).toBe(51.5);
  });

  it('an expired hold cancels the unpaid order at the gateway; one paid in time still completes', async () => {
    const userId = await customerWithBonuses(t, PHONE, 1000);
    const abandoned = await createDraft(t, PHONE, { paySum: 200, spendBonus: true });
    const abandonedForm = (await processDraft(t, PHONE, abandoned.draftId)).json().data.formUrl;
    const paidLate = await createDraft(t, PHONE, { paySum: 400, spendBonus: true });
    const paidForm = (await processDraft(t, PHONE, paidLate.draftId)).json().data.formUrl;
    fake.pay(orderIdOf(paidForm)); // paid, but the customer never came back

    clock.advance(21 * 60_000);
    expect(await releaseExpiredHolds(t.deps)).toBe(2);
    expect(fake.orders.get(orderIdOf(abandonedForm))!.orderStatus).toBe(3);
    expect(fake.orders.get(orderIdOf(paidForm))!.orderStatus).toBe(2);
    expect(await completeDraftService(t.deps, userId, abandoned.draftId)).toMatchObject({
      status: 3,
      state: 'expired',
    });
    expect(await completeDraftService(t.deps, userId, paidLate.draftId)).toMatchObject({ status: 0 });
    expect((await balancesOf(t.deps.db, userId)).bonus).toBe(80_600);
  });

  it('an expiry the gateway cannot answer keeps the hold; a later run settles it by what the bank says', async () => {
    const userId = await customerWithBonuses(t, PHONE, 1000);
    const draft = await createDraft(t, PHONE, { paySum: 200, spendBonus: true });
    const form = (await processDraft(t, PHONE, draft.draftId)).json().data.formUrl;
    clock.advance(21 * 60_000);
    fake.misbehave({ httpStatus: 502 });
    try {
      expect(await releaseExpiredHolds(t.deps)).toBe(1);
    } finally {
      fake.misbehave(null);
    }
    // Nothing was released while the bank was silent: the customer may be paying right now.
    expect((await balancesOf(t.deps.db, userId)).bonus).toBe(90_000);
    fake.pay(orderIdOf(form));
    expect(await releaseExpiredHolds(t.deps)).toBe(1);
    expect(await completeDraftService(t.deps, userId, draft.draftId)).toMatchObject({ status: 0 });
  });

  it('a gateway error is a 503 to the page; the retry registers the order and keeps the one hold', async () => {
    await customerWithBonuses(t, PHONE, 1000);
    const draft = await createDraft(t, PHONE, { paySum: 500, spendBonus: true });
    fake.misbehave({ httpStatus: 502 });
    try {
      const failed = await processDraft(t, PHONE, draft.draftId);
      expect(failed.statusCode).toBe(503);
    } finally {
      fake.misbehave(null);
    }
    // The retry registers the order (idempotently at the gateway) and answers its page.
    const retried = (await processDraft(t, PHONE, draft.draftId)).json().data;
    expect(retried).toMatchObject({ status: 1, state: 'processing' });
    expect(fake.orders.get(orderIdOf(retried.formUrl))).toBeDefined();
    expect(await bonusesOf(t, PHONE)).toBe(750);
  });
});
