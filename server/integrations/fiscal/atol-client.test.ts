import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FiscalDocument } from '#server/core/fiscal/fiscal-document';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { createAtolProvider } from './atol-client';
import { atolTimestamp } from './atol-format';
import { startFakeAtol, type FakeAtol } from './fake-atol-server';
import { FiscalRefusal, type FiscalProvider } from './fiscal-provider';

const document: FiscalDocument = {
  kind: 'sell',
  company: {
    inn: '7707083893',
    taxSystem: 'osn',
    email: 'shop@example.ru',
    paymentAddress: 'https://shop.example.ru',
  },
  client: { email: 'buyer@example.ru' },
  items: [
    {
      name: 'Кофе',
      price: 12_345,
      quantity: 2,
      sum: 24_690,
      measure: 0,
      paymentMethod: { tag: 4, atol: 'full_payment' },
      paymentObject: 1,
      vat: { type: 'vat20', tag: 1 },
    },
  ],
  payments: [{ type: 'electronic', atolType: 1, sum: 24_690 }],
  total: 24_690,
};

describe('ATOL Online v5 client against the fake (decision 070)', () => {
  let fake: FakeAtol;
  let clock: FakeClock;
  let atol: FiscalProvider;
  beforeEach(async () => {
    fake = await startFakeAtol();
    clock = fakeClock();
    atol = createAtolProvider({
      baseUrl: () => Promise.resolve(fake.baseUrl),
      login: 'fake',
      password: 'fake',
      groupCode: 'g1',
      clock,
      timeoutMs: 2000,
    });
  });
  afterEach(() => fake.close());

  it('sends roubles with kopecks, ATOL names and the timestamp; reports wait, then done', async () => {
    const { uuid } = await atol.send('sell:a', document, new Date('2026-11-29T09:05:07Z'));
    const body = fake.receipts.get('sell:a')!.body;
    expect(body).toEqual({
      external_id: 'sell:a',
      receipt: {
        client: { email: 'buyer@example.ru' },
        company: {
          email: 'shop@example.ru',
          sno: 'osn',
          inn: '7707083893',
          payment_address: 'https://shop.example.ru',
        },
        items: [
          {
            name: 'Кофе',
            price: 123.45,
            quantity: 2,
            measure: 0,
            sum: 246.9,
            payment_method: 'full_payment',
            payment_object: 1,
            vat: { type: 'vat20' },
          },
        ],
        payments: [{ type: 1, sum: 246.9 }],
        total: 246.9,
      },
      timestamp: '29.11.2026 12:05:07',
    });
    expect(await atol.report(uuid)).toEqual({ state: 'wait' });
    expect(await atol.report(uuid)).toMatchObject({
      state: 'done',
      fiscal: { fnNumber: '9999078900000001' },
    });
  });

  it('keeps one token for its life, renews it after 23 hours and at once when ATOL forgets it', async () => {
    await atol.send('sell:1', document, clock.now());
    await atol.send('sell:2', document, clock.now());
    expect(fake.tokensIssued).toBe(1);
    fake.expireTokens();
    await atol.send('sell:3', document, clock.now());
    expect(fake.tokensIssued).toBe(2);
    clock.advance(23 * 3600_000 + 1);
    await atol.send('sell:4', document, clock.now());
    expect(fake.tokensIssued).toBe(3);
  });

  it('a re-sent external id answers the same uuid; a refusal is for good; the fake down is a passing error', async () => {
    const first = await atol.send('sell:x', document, clock.now());
    expect(await atol.send('sell:x', document, clock.now())).toEqual(first);
    expect(fake.receipts.size).toBe(1);
    fake.refuseWith = 'ИНН не совпадает с ККТ';
    await expect(atol.send('sell:y', document, clock.now())).rejects.toThrow(FiscalRefusal);
    await expect(atol.send('sell:y', document, clock.now())).rejects.toThrow('ИНН не совпадает с ККТ');
    fake.refuseWith = null;
    fake.down = true;
    const down = await atol.send('sell:z', document, clock.now()).catch((error: unknown) => error);
    expect(down).toBeInstanceOf(Error);
    expect(down).not.toBeInstanceOf(FiscalRefusal);
    // A sum that does not add up is ATOL's refusal, not a retry.
    fake.down = false;
    await expect(atol.send('sell:w', { ...document, total: 24_691 }, clock.now())).rejects.toThrow(
      FiscalRefusal,
    );
  });

  it('formats the timestamp in Moscow time', () => {
    expect(atolTimestamp(new Date('2026-01-01T21:00:00Z'))).toBe('02.01.2026 00:00:00');
  });
});
