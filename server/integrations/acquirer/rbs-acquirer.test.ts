import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '#server/core/clock';
import { testConfig } from '#server/config';
import type { Db } from '#server/db/client';
import { AcquirerError, isAllowedFormUrl, type RegisterOrderInput } from './acquirer';
import { createAcquirer } from './create-acquirer';
import { createRbsAcquirer } from './rbs-acquirer';
import { fromGatewayOrderNumber, toGatewayOrderNumber } from './rbs-formats';
import { startRbsFake, type RbsFake } from '#server/test/rbs-fake';

const RETURN_URL = 'http://localhost:3000/loyalty/finish?p=1';

const order = (overrides: Partial<RegisterOrderInput> = {}): RegisterOrderInput => ({
  orderNumber: randomUUID(),
  amount: 25_000,
  method: 'card',
  description: 'Кофейня на Тверской',
  returnUrl: RETURN_URL,
  createBinding: false,
  ...overrides,
});

describe('the RBS acquirer against a local fake of the gateway', () => {
  let fake: RbsFake;
  const acquirer = () =>
    createRbsAcquirer({
      baseUrl: fake.url,
      userName: fake.userName,
      password: fake.password,
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

  it('registers a card order: form-encoded credentials, kopecks, currency 643, the page on an allowed host', async () => {
    const rbs = acquirer();
    const input = order();
    const registered = await rbs.registerOrder(input);
    const stored = fake.orders.get(registered.orderId)!;
    expect(stored).toMatchObject({ amount: 25_000, currency: '643', returnUrl: RETURN_URL, orderStatus: 0 });
    // A draft id is a UUID (36 characters); RBS takes 32: it goes without hyphens.
    expect(stored.orderNumber).toBe(input.orderNumber.replace(/-/g, ''));
    expect(fake.calls).toEqual([
      {
        method: 'register.do',
        params: expect.objectContaining({
          userName: fake.userName,
          orderNumber: stored.orderNumber,
          amount: '25000',
          currency: '643',
          returnUrl: RETURN_URL,
          failUrl: RETURN_URL,
          description: 'Кофейня на Тверской',
        }),
      },
    ]);
    expect(registered.formUrl).toBe(
      `${fake.origin}/payment/merchants/kopilka/payment_ru.html?mdOrder=${stored.orderId}`,
    );
    expect(isAllowedFormUrl(registered.formUrl, rbs.formHosts)).toBe(true);
    expect(rbs.formHosts).toContain('qr.nspk.ru');
    expect(await rbs.getOrderStatus(registered.orderId)).toEqual({
      orderId: registered.orderId,
      orderNumber: input.orderNumber,
      amount: 25_000,
      state: 'pending',
      refundedAmount: 0,
      errorCode: null,
      errorMessage: null,
    });
  });

  it('registers the same order number again idempotently, and refuses it for another amount', async () => {
    const input = order();
    const rbs = acquirer();
    const first = await rbs.registerOrder(input);
    // The same instance answers from memory.
    expect(await rbs.registerOrder(input)).toEqual(first);
    // 20 calls at once on a fresh instance make one register.do and 20 identical answers.
    const burst = order();
    const fresh = acquirer();
    const answers = await Promise.all(Array.from({ length: 20 }, () => fresh.registerOrder(burst)));
    expect(new Set(answers.map((a) => `${a.orderId} ${a.formUrl}`)).size).toBe(1);
    expect(fake.calls.filter((c) => c.method === 'register.do')).toHaveLength(2);
    // Another instance (or after a restart): the gateway answers errorCode 1, the order is found by its number,
    // and its page follows the pattern of the pages this instance has seen.
    const other = acquirer();
    await other.registerOrder(order());
    expect(await other.registerOrder(input)).toEqual(first);
    expect(fake.calls.map((c) => c.method).slice(-2)).toEqual(['register.do', 'getOrderStatusExtended.do']);

    const more = other.registerOrder({ ...input, amount: 25_001 });
    await expect(more).rejects.toBeInstanceOf(AcquirerError);
    await expect(more).rejects.toThrow(/another amount/);
    await expect(acquirer().registerOrder({ ...input, amount: 1 })).rejects.toThrow(/another amount/);
    expect(
      [...fake.orders.values()].filter((o) => o.orderNumber === fake.orders.get(first.orderId)!.orderNumber),
    ).toHaveLength(1);
  });

  it('an order registered elsewhere whose card page was never seen here is refused, to be retried', async () => {
    const input = order();
    await acquirer().registerOrder(input);
    await expect(acquirer().registerOrder(input)).rejects.toThrow(/payment page is not known here/);
  });

  it('maps every orderStatus onto our states; pre-authorisation and 3-D Secure are still pending', async () => {
    const rbs = acquirer();
    const { orderId } = await rbs.registerOrder(order());
    const expected = ['pending', 'pending', 'paid', 'cancelled', 'refunded', 'pending', 'declined'];
    for (const [orderStatus, state] of expected.entries()) {
      fake.setStatus(orderId, orderStatus);
      expect((await rbs.getOrderStatus(orderId)).state, `orderStatus ${orderStatus}`).toBe(state);
    }
    fake.setStatus(orderId, 9);
    await expect(rbs.getOrderStatus(orderId)).rejects.toThrow(/unknown orderStatus 9/);
    await expect(rbs.getOrderStatus(randomUUID())).rejects.toThrow(/error 6/);
  });

  it('carries the bank reason of a decline', async () => {
    const rbs = acquirer();
    const { orderId } = await rbs.registerOrder(order());
    fake.decline(orderId, 116);
    expect(await rbs.getOrderStatus(orderId)).toMatchObject({
      state: 'declined',
      errorCode: '116',
      errorMessage: 'Недостаточно средств',
    });
    fake.decline(orderId, 0);
    fake.orders.get(orderId)!.actionCodeDescription = '';
    expect(await rbs.getOrderStatus(orderId)).toMatchObject({
      errorCode: 'DECLINED',
      errorMessage: 'Платёж отклонён банком',
    });
  });

  it('cancels an unpaid order with decline.do; a paid order stays paid and is never reversed', async () => {
    const rbs = acquirer();
    const unpaid = await rbs.registerOrder(order());
    expect(await rbs.cancelOrder(unpaid.orderId)).toMatchObject({
      state: 'cancelled',
      orderId: unpaid.orderId,
    });
    expect(fake.calls.map((c) => c.method)).toContain('decline.do');
    expect(await rbs.cancelOrder(unpaid.orderId)).toMatchObject({ state: 'cancelled' });

    const paid = await rbs.registerOrder(order());
    fake.pay(paid.orderId);
    fake.calls.length = 0;
    expect(await rbs.cancelOrder(paid.orderId)).toMatchObject({ state: 'paid', amount: 25_000 });
    expect(fake.calls.map((c) => c.method)).toEqual(['getOrderStatusExtended.do']);
    expect(fake.orders.get(paid.orderId)!.orderStatus).toBe(2);

    // A pre-authorisation (a hold on the card) is released with reverse.do.
    const held = await rbs.registerOrder(order());
    fake.setStatus(held.orderId, 1);
    expect(await rbs.cancelOrder(held.orderId)).toMatchObject({ state: 'cancelled' });
    expect(fake.calls.map((c) => c.method)).toContain('reverse.do');
  });

  it('a payment that lands between the status read and decline.do is answered as paid', async () => {
    const fetchThatPaysFirst: typeof fetch = async (url, init) => {
      if (String(url).endsWith('/decline.do')) {
        const orderId = new URLSearchParams(String(init?.body)).get('orderId')!;
        fake.pay(orderId);
      }
      return fetch(url, init);
    };
    const rbs = createRbsAcquirer({
      baseUrl: fake.url,
      userName: fake.userName,
      password: fake.password,
      fetch: fetchThatPaysFirst,
    });
    const { orderId } = await rbs.registerOrder(order());
    expect(await rbs.cancelOrder(orderId)).toMatchObject({ state: 'paid' });
  });

  it('refunds a paid order, whole or in part', async () => {
    const rbs = acquirer();
    const { orderId } = await rbs.registerOrder(order());
    await expect(rbs.refund(orderId, 25_000)).rejects.toThrow(/refund\.do: error 7/);
    fake.pay(orderId);
    expect(await rbs.refund(orderId, 10_000)).toMatchObject({ state: 'refunded' });
    expect(fake.calls.findLast((c) => c.method === 'refund.do')?.params).toMatchObject({
      orderId,
      amount: '10000',
    });
    await expect(rbs.refund(orderId, 20_000)).rejects.toBeInstanceOf(AcquirerError);
    expect(fake.orders.get(orderId)!.refunded).toBe(10_000);
    expect((await rbs.getOrderStatus(orderId)).refundedAmount).toBe(10_000);
    await expect(rbs.refund(orderId, 0)).rejects.toThrow(/bad amount/);
  });

  it('bad credentials are an AcquirerError that never shows the password', async () => {
    const password = 'wrong-but-secret-password';
    const rbs = createRbsAcquirer({ baseUrl: fake.url, userName: fake.userName, password });
    const refused = rbs.registerOrder(order());
    await expect(refused).rejects.toBeInstanceOf(AcquirerError);
    await expect(refused).rejects.toThrow(/error 5/);
    const message = await refused.catch((error: Error) => `${error.message} ${error.stack}`);
    expect(message).not.toContain(password);
    expect(message).not.toContain(fake.password);
    // The password travels in the body only, never in the URL.
    expect(fake.calls.at(-1)).toMatchObject({ method: 'register.do' });
  });

  it('a gateway that does not answer in time, answers 5xx or cannot be reached is an AcquirerError', async () => {
    const rbs = createRbsAcquirer({
      baseUrl: fake.url,
      userName: fake.userName,
      password: fake.password,
      timeoutMs: 200,
    });
    fake.misbehave({ delayMs: 1000 });
    const started = Date.now();
    const slow = rbs.registerOrder(order());
    await expect(slow).rejects.toBeInstanceOf(AcquirerError);
    await expect(slow).rejects.toThrow(/no answer within 200 ms/);
    expect(Date.now() - started).toBeLessThan(900);

    fake.misbehave({ httpStatus: 503 });
    await expect(rbs.getOrderStatus(randomUUID())).rejects.toThrow(/HTTP 503/);
    fake.misbehave(null);

    const nowhere = createRbsAcquirer({
      baseUrl: 'http://127.0.0.1:1/payment/rest',
      userName: 'u',
      password: 'p',
    });
    await expect(nowhere.getOrderStatus(randomUUID())).rejects.toThrow(/unreachable/);
  });

  it('SBP: registers, then takes the dynamic QR; the formUrl is its qr.nspk.ru payload', async () => {
    const rbs = acquirer();
    const input = order({ method: 'sbp', amount: 19_999 });
    const registered = await rbs.registerOrder(input);
    expect(fake.calls.map((c) => c.method)).toEqual(['register.do', 'sbp/c2b/qr/dynamic/get.do']);
    expect(fake.calls[1]!.params).toMatchObject({ mdOrder: registered.orderId, qrFormat: 'image' });
    const qrId = fake.orders.get(registered.orderId)!.qrId!;
    expect(registered.formUrl).toMatch(new RegExp(`^https://qr\\.nspk\\.ru/${qrId}\\?`));
    expect(new URL(registered.formUrl).searchParams.get('sum')).toBe('19999');
    expect(isAllowedFormUrl(registered.formUrl, rbs.formHosts)).toBe(true);
    // Another instance finds the order and asks for its QR again.
    expect(await acquirer().registerOrder(input)).toEqual(registered);
  });

  it('fits order numbers and descriptions to the gateway', async () => {
    const id = randomUUID();
    expect(fromGatewayOrderNumber(toGatewayOrderNumber(id))).toBe(id);
    expect(toGatewayOrderNumber('A-17')).toBe('A-17');
    expect(() => toGatewayOrderNumber('x'.repeat(33))).toThrow(AcquirerError);
    const { orderId } = await acquirer().registerOrder(
      order({ description: `Скидка 100%\nи + ещё ${'я'.repeat(200)}` }),
    );
    const description = fake.orders.get(orderId)!.description;
    expect(description).toMatch(/^Скидка 100 и ещё я+$/);
    expect([...description]).toHaveLength(99);
  });

  it('is what ACQUIRER=rbs makes, on the configured gateway', async () => {
    const config = testConfig({
      acquirer: 'rbs',
      rbsUrl: fake.url,
      rbsUserName: fake.userName,
      rbsPassword: fake.password,
    });
    const rbs = createAcquirer(config, { db: {} as Db, clock: systemClock });
    expect(rbs.name).toBe('rbs');
    expect(rbs.formHosts).toEqual([new URL(fake.url).host, 'qr.nspk.ru']);
    const { orderId } = await rbs.registerOrder(order());
    expect(fake.orders.has(orderId)).toBe(true);
  });
});
