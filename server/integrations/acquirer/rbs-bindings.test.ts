// Saved cards (bindings) through the RBS adapter, against the local fake of the gateway
// (docs/decisions/016-saved-bank-cards.md, "RBS").
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AcquirerError, isAllowedFormUrl } from './acquirer';
import { createRbsAcquirer } from './rbs-acquirer';
import { toBindingOrderNumber } from './rbs-formats';
import { startRbsFake, type RbsFake } from '#server/test/rbs-fake';
import { RBS_TEST_CARDS } from '#server/test/rbs-fake-state';

const RETURN_URL = 'http://localhost:3000/profile?t=cards&binding=1';
const CARD = { pan: RBS_TEST_CARDS.success, expiry: '11/39' };

describe('RBS bindings against the fake gateway', () => {
  let fake: RbsFake;
  const acquirer = (password?: string) =>
    createRbsAcquirer({
      baseUrl: fake.url,
      userName: fake.userName,
      password: password ?? fake.password,
      timeoutMs: 2000,
    });
  beforeAll(async () => {
    fake = await startRbsFake();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.misbehave(null);
    fake.calls.length = 0;
  });

  /** A client with a card saved through a verification order. */
  async function savedCard(clientId = randomUUID()) {
    const rbs = acquirer();
    const { orderId } = await rbs.bindings.registerBinding({
      clientId,
      requestId: randomUUID(),
      returnUrl: RETURN_URL,
    });
    const binding = fake.bind(orderId, CARD);
    return { rbs, clientId, orderId, bindingId: binding.bindingId };
  }

  it('registers a verification order: clientId, features=VERIFY, amount 0, a 29-character order number', async () => {
    const rbs = acquirer();
    const clientId = randomUUID();
    const requestId = randomUUID();
    const registered = await rbs.bindings.registerBinding({ clientId, requestId, returnUrl: RETURN_URL });
    const number = toBindingOrderNumber(requestId);
    expect(number).toMatch(/^bind[0-9a-z]{25}$/);
    expect(fake.calls).toEqual([
      {
        method: 'register.do',
        params: expect.objectContaining({
          orderNumber: number,
          amount: '0',
          currency: '643',
          clientId,
          features: 'VERIFY',
          returnUrl: RETURN_URL,
          failUrl: RETURN_URL,
          description: 'Привязка карты',
        }),
      },
    ]);
    expect(fake.orders.get(registered.orderId)).toMatchObject({ amount: 0, clientId, orderStatus: 0 });
    expect(isAllowedFormUrl(registered.formUrl, rbs.formHosts)).toBe(true);
    const page = await (await fetch(registered.formUrl)).text();
    expect(page).toContain('Привязка карты');
    expect(page).toContain('Привязать карту');

    // Different requests, different numbers; the same UUID in any case, the same number.
    expect(toBindingOrderNumber(randomUUID())).not.toBe(number);
    expect(toBindingOrderNumber(requestId.toUpperCase())).toBe(number);
    expect(() => toBindingOrderNumber('not-a-uuid')).toThrow(AcquirerError);
    expect(toBindingOrderNumber('ffffffff-ffff-ffff-ffff-ffffffffffff').length).toBeLessThanOrEqual(32);
  });

  it('is idempotent per request: the same order from memory, at once, and from another instance', async () => {
    const clientId = randomUUID();
    const input = { clientId, requestId: randomUUID(), returnUrl: RETURN_URL };
    const rbs = acquirer();
    const first = await rbs.bindings.registerBinding(input);
    expect(await rbs.bindings.registerBinding(input)).toEqual(first);

    const burst = { ...input, requestId: randomUUID() };
    const fresh = acquirer();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => fresh.bindings.registerBinding(burst)),
    );
    expect(new Set(answers.map((a) => `${a.orderId} ${a.formUrl}`)).size).toBe(1);
    expect(fake.calls.filter((c) => c.method === 'register.do')).toHaveLength(2);

    // Another instance that has seen a card page: errorCode 1, the order found by its number.
    const other = acquirer();
    await other.bindings.registerBinding({ ...input, requestId: randomUUID() });
    expect(await other.bindings.registerBinding(input)).toEqual(first);
    expect(fake.calls.map((c) => c.method).slice(-2)).toEqual(['register.do', 'getOrderStatusExtended.do']);
    // The gateway names the order's client: the same request for another client is refused.
    await expect(other.bindings.registerBinding({ ...input, clientId: randomUUID() })).rejects.toThrow(
      /binding request reused/,
    );
    await expect(rbs.bindings.registerBinding({ ...input, clientId: randomUUID() })).rejects.toThrow(
      /binding request reused/,
    );
    expect([...fake.orders.values()].filter((o) => o.orderId === first.orderId)).toHaveLength(1);
  });

  it('bound: the binding, the last 4 digits and the expiry as MM/YY, once the gateway saved the card', async () => {
    const rbs = acquirer();
    const clientId = randomUUID();
    const { orderId } = await rbs.bindings.registerBinding({
      clientId,
      requestId: randomUUID(),
      returnUrl: RETURN_URL,
    });
    expect(await rbs.bindings.bindingResult(orderId)).toEqual({ state: 'pending', card: null });
    fake.setStatus(orderId, 5); // in 3-D Secure
    expect(await rbs.bindings.bindingResult(orderId)).toEqual({ state: 'pending', card: null });
    fake.setStatus(orderId, 0);

    const binding = fake.bind(orderId, CARD);
    // A verified order is reversed at once (RBS: VERIFY orders end in REVERSED).
    expect(fake.orders.get(orderId)!.orderStatus).toBe(3);
    const result = await rbs.bindings.bindingResult(orderId);
    expect(result).toEqual({
      state: 'bound',
      card: { bindingId: binding.bindingId, last4: '1111', expiry: '11/39', active: true },
    });
    // The gateway answers `411111**1111`; nothing but the last 4 digits leaves the adapter.
    expect(JSON.stringify(result)).not.toContain('411111');
    expect(await rbs.bindings.listCards(clientId)).toEqual([result.card]);
    // A payment order is not read as a card-saving one.
    const payment = await rbs.registerOrder({
      orderNumber: randomUUID(),
      amount: 100,
      method: 'card',
      description: 'x',
      returnUrl: RETURN_URL,
      createBinding: false,
    });
    await expect(rbs.bindings.bindingResult(payment.orderId)).rejects.toThrow(/not a card-saving order/);
  });

  it('the hosted page saves the test card and returns the customer; another card is declined', async () => {
    const rbs = acquirer();
    const clientId = randomUUID();
    const saving = await rbs.bindings.registerBinding({
      clientId,
      requestId: randomUUID(),
      returnUrl: RETURN_URL,
    });
    const post = (formUrl: string, form: Record<string, string>) =>
      fetch(formUrl, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' });
    const back = await post(saving.formUrl, { answer: 'pay', pan: '4111 1111 1111 1111', expiry: '09/38' });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(RETURN_URL);
    expect(await rbs.bindings.bindingResult(saving.orderId)).toMatchObject({
      state: 'bound',
      card: { last4: '1111', expiry: '09/38' },
    });

    const declined = await rbs.bindings.registerBinding({
      clientId,
      requestId: randomUUID(),
      returnUrl: RETURN_URL,
    });
    await post(declined.formUrl, { answer: 'pay', pan: RBS_TEST_CARDS.declined, expiry: '09/38' });
    expect(fake.orders.get(declined.orderId)!.orderStatus).toBe(6);
    expect(await rbs.bindings.bindingResult(declined.orderId)).toEqual({ state: 'failed', card: null });
    expect(await rbs.bindings.listCards(clientId)).toHaveLength(1);
  });

  it('failed: declined (6), or reversed without a binding (an abandoned order the gateway stopped)', async () => {
    const rbs = acquirer();
    const register = () =>
      rbs.bindings.registerBinding({
        clientId: randomUUID(),
        requestId: randomUUID(),
        returnUrl: RETURN_URL,
      });
    const declined = await register();
    fake.decline(declined.orderId, 2001);
    expect(await rbs.bindings.bindingResult(declined.orderId)).toEqual({ state: 'failed', card: null });
    const stopped = await register();
    fake.setStatus(stopped.orderId, 3);
    expect(await rbs.bindings.bindingResult(stopped.orderId)).toEqual({ state: 'failed', card: null });
    fake.setStatus(stopped.orderId, 9);
    await expect(rbs.bindings.bindingResult(stopped.orderId)).rejects.toThrow(/unknown orderStatus 9/);
  });

  it('lists a client’s cards; a client without any (errorCode 2) has none; a gateway error is an error', async () => {
    const { rbs, clientId, bindingId } = await savedCard();
    fake.calls.length = 0;
    expect(await rbs.bindings.listCards(clientId)).toEqual([
      { bindingId, last4: '1111', expiry: '11/39', active: true },
    ]);
    expect(fake.calls).toEqual([
      {
        method: 'getBindings.do',
        params: expect.objectContaining({ clientId, bindingType: 'C', showExpired: 'false' }),
      },
    ]);
    expect(await rbs.bindings.listCards(randomUUID())).toEqual([]);
    // The same card saved again keeps its binding.
    const again = await rbs.bindings.registerBinding({
      clientId,
      requestId: randomUUID(),
      returnUrl: RETURN_URL,
    });
    expect(fake.bind(again.orderId, CARD).bindingId).toBe(bindingId);
    expect(await rbs.bindings.listCards(clientId)).toHaveLength(1);

    await expect(acquirer('wrong-password').bindings.listCards(clientId)).rejects.toThrow(/error 5/);
    fake.misbehave({ httpStatus: 502 });
    await expect(rbs.bindings.listCards(clientId)).rejects.toBeInstanceOf(AcquirerError);
  });

  it('unbinds only the client’s own card; removing it again answers true', async () => {
    const { rbs, clientId, bindingId } = await savedCard();
    fake.calls.length = 0;
    // Another client: nothing is sent to unBindCard.do, the card stays.
    expect(await rbs.bindings.unbind(randomUUID(), bindingId)).toBe(false);
    expect(await rbs.bindings.unbind(clientId, randomUUID())).toBe(false);
    expect(fake.calls.map((c) => c.method)).not.toContain('unBindCard.do');
    expect(fake.bindings.get(bindingId)!.active).toBe(true);

    expect(await rbs.bindings.unbind(clientId, bindingId)).toBe(true);
    expect(fake.calls.findLast((c) => c.method === 'unBindCard.do')?.params).toMatchObject({ bindingId });
    expect(fake.bindings.get(bindingId)!.active).toBe(false);
    expect(await rbs.bindings.listCards(clientId)).toEqual([]);
    // Again (a double click, a retry): done already.
    expect(await rbs.bindings.unbind(clientId, bindingId)).toBe(true);
    expect(fake.calls.filter((c) => c.method === 'unBindCard.do')).toHaveLength(1);
    // RBS lists only active bindings: an instance that did not remove it cannot tell it was this client's.
    expect(await acquirer().bindings.unbind(clientId, bindingId)).toBe(false);
  });

  it('a card whose expiry has passed is not listed but can still be removed by its client', async () => {
    const rbs = acquirer();
    const clientId = randomUUID();
    const { orderId } = await rbs.bindings.registerBinding({
      clientId,
      requestId: randomUUID(),
      returnUrl: RETURN_URL,
    });
    const { bindingId } = fake.bind(orderId, { pan: RBS_TEST_CARDS.success, expiry: '01/20' });
    expect(await rbs.bindings.listCards(clientId)).toEqual([]);
    expect(await rbs.bindings.unbind(clientId, bindingId)).toBe(true);
    expect(fake.bindings.get(bindingId)!.active).toBe(false);
  });

  it('an unBindCard.do that finds the binding inactive already (a concurrent removal) counts as removed', async () => {
    const { clientId, bindingId } = await savedCard();
    const racing: typeof fetch = async (url, init) => {
      if (String(url).endsWith('/unBindCard.do')) fake.bindings.get(bindingId)!.active = false;
      return fetch(url, init);
    };
    const rbs = createRbsAcquirer({
      baseUrl: fake.url,
      userName: fake.userName,
      password: fake.password,
      fetch: racing,
    });
    expect(await rbs.bindings.unbind(clientId, bindingId)).toBe(true);
  });
});
