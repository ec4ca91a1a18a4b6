// Saved bank cards through the API on the real RBS adapter, against a local fake of the gateway
// (docs/decisions/016-saved-bank-cards.md, "RBS").
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toBindingOrderNumber } from '#server/integrations/acquirer/rbs-formats';
import { rbsAcquirerOf, startRbsFake, type RbsFake } from '#server/test/rbs-fake';
import { RBS_TEST_CARDS } from '#server/test/rbs-fake-state';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { callAs } from '#server/test/cabinet-kit';

const PHONE = '79005550211';
const OTHER = '79005550212';
const CARDS_URL = 'http://localhost:3000/profile?t=cards';

/** The customer's answer on the gateway's hosted page; the gateway sends them back (303). */
const postPage = (bindURL: string, form: Record<string, string>) =>
  fetch(bindURL, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' });

describe('saved bank cards through the RBS gateway', () => {
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

  const bind = (phone: string, body: object = { url: CARDS_URL }) =>
    callAs(t, phone, 'POST', '/api/user/bindExtraPayment', body);
  const cardsOf = async (phone: string) =>
    (await callAs(t, phone, 'GET', '/api/user/getExtraPayment')).json().cards as Array<{
      bindingId: string;
      bindingState: string;
      maskedPan: string;
    }>;

  it('saves a card through the gateway page, lists it, and removes it once', async () => {
    expect(await cardsOf(PHONE)).toEqual([]);
    // RBS charges saved cards (paymentOrderBinding.do): the payment page may offer them.
    expect((await callAs(t, PHONE, 'GET', '/api/user/getExtraPayment')).json().payable).toBe(true);
    const started = await bind(PHONE);
    expect(started.statusCode).toBe(200);
    const { bindURL, requestId } = started.json();
    expect(bindURL).toMatch(
      new RegExp(`^${fake.origin}/payment/merchants/kopilka/payment_ru\\.html\\?mdOrder=[0-9a-f-]{36}$`),
    );
    const order = fake.orders.get(new URL(bindURL).searchParams.get('mdOrder')!)!;
    // A verification order for this customer: no money, the card saved under their id.
    expect(order).toMatchObject({ amount: 0, features: ['VERIFY'], orderStatus: 0 });
    expect(order.clientId).toMatch(/^[0-9a-f-]{36}$/);
    const page = await (await fetch(bindURL)).text();
    expect(page).toContain('Привязка карты');

    const back = await postPage(bindURL, { answer: 'pay', pan: '4111 1111 1111 1111', expiry: '11/39' });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`${CARDS_URL}&binding=${requestId}`);
    const status = await callAs(t, PHONE, 'GET', `/api/user/bindingStatus/${requestId}`);
    expect(status.json()).toMatchObject({
      state: 'bound',
      card: { maskedPan: '•••• 1111', expiry: '11/39' },
    });

    const cards = await cardsOf(PHONE);
    expect(cards).toEqual([
      { bindingId: expect.any(String), bindingState: 'ACTIVE', maskedPan: '•••• 1111', expiry: '11/39' },
    ]);
    expect(cards[0]!.bindingId).toBe(order.bindingId);
    // Nobody else sees or removes it.
    expect(await cardsOf(OTHER)).toEqual([]);
    const stranger = await callAs(t, OTHER, 'POST', '/api/user/unbindExtraPayment', {
      id: cards[0]!.bindingId,
    });
    expect(stranger.statusCode).toBe(404);
    expect(await cardsOf(PHONE)).toHaveLength(1);

    for (let i = 0; i < 2; i++) {
      const removed = await callAs(t, PHONE, 'POST', '/api/user/unbindExtraPayment', {
        id: cards[0]!.bindingId,
      });
      expect(removed.json()).toEqual({ code: 0 });
    }
    expect(await cardsOf(PHONE)).toEqual([]);
    expect(fake.bindings.get(order.bindingId!)!.active).toBe(false);
  });

  it('a declined card saves nothing and the status says failed; a retry answers the same page', async () => {
    const requestId = crypto.randomUUID();
    const first = (await bind(PHONE, { url: CARDS_URL, requestId })).json();
    expect((await bind(PHONE, { url: CARDS_URL, requestId })).json()).toEqual(first);
    const number = toBindingOrderNumber(requestId);
    expect(
      fake.calls.filter((c) => c.method === 'register.do' && c.params.orderNumber === number),
    ).toHaveLength(1);

    const back = await postPage(first.bindURL, { answer: 'pay', pan: RBS_TEST_CARDS.declined });
    expect(back.headers.get('location')).toBe(`${CARDS_URL}&binding=${requestId}`);
    const status = await callAs(t, PHONE, 'GET', `/api/user/bindingStatus/${requestId}`);
    expect(status.json()).toEqual({ state: 'failed', card: null });
    expect(await cardsOf(PHONE)).toEqual([]);
  });

  it('a gateway that does not answer is the spec’s failure text', async () => {
    await cardsOf(PHONE); // logs in while the gateway answers
    fake.misbehave({ httpStatus: 502 });
    try {
      const list = await callAs(t, PHONE, 'GET', '/api/user/getExtraPayment');
      expect(list.statusCode).toBe(503);
      expect(list.json().message).toBe('Что-то пошло не так. Пожалуйста, обновите страницу.');
    } finally {
      fake.misbehave(null);
    }
  });
});
