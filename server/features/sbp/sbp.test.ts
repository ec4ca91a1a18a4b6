import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import {
  bundledBankDirectory,
  createBankDirectory,
} from '#server/integrations/bank-directory/bank-directory';
import { createTestApp, type TestApp } from '#server/test/test-app';

const remote = {
  version: '2.0',
  dictionary: [
    {
      bankName: 'Сбербанк',
      logoURL: 'https://qr.nspk.ru/proxyapp/logo/bank100000000111.png',
      schema: 'bank100000000111',
      package_name: 'ru.sberbankmobile',
      isWebClientActive: 'true',
    },
    { bankName: 'Банк Оранжевый', logoURL: 'x', schema: 'bank100000000286' },
  ],
};

/** A stand-in for NSPK: answers whatever the test sets, and counts requests. */
let answer: { status: number; body: string } = { status: 200, body: JSON.stringify(remote) };
let hits = 0;
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((_req, res) => {
    hits += 1;
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/c2bmembers.json`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the bundled SBP directory', () => {
  it('holds about a hundred banks with unique NSPK schemas', () => {
    const { dictionary } = bundledBankDirectory;
    expect(dictionary.length).toBeGreaterThanOrEqual(100);
    expect(new Set(dictionary.map((b) => b.schema)).size).toBe(dictionary.length);
    expect(dictionary.find((b) => b.schema === 'bank100000000111')).toMatchObject({
      bankName: 'Сбербанк',
      package_name: 'ru.sberbankmobile',
    });
  });
});

describe('GET /api/sbp/banks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the bundled list when SBP_BANKS_URL is not set', async () => {
    const response = await t.app.inject('/api/sbp/banks');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(bundledBankDirectory);
    expect(response.headers.etag).toBeTruthy();
  });
});

describe('GET /api/sbp/banks with SBP_BANKS_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { sbpBanksUrl: url } });
  });
  afterAll(() => t.close());

  it('serves the fetched directory, keeping only the picker’s fields, and fetches it once', async () => {
    answer = { status: 200, body: JSON.stringify(remote) };
    hits = 0;
    const first = await t.app.inject('/api/sbp/banks');
    const second = await t.app.inject('/api/sbp/banks');
    expect(first.json()).toEqual({
      version: '2.0',
      dictionary: [
        {
          bankName: 'Сбербанк',
          logoURL: 'https://qr.nspk.ru/proxyapp/logo/bank100000000111.png',
          schema: 'bank100000000111',
          package_name: 'ru.sberbankmobile',
        },
        { bankName: 'Банк Оранжевый', logoURL: 'x', schema: 'bank100000000286', package_name: null },
      ],
    });
    expect(second.body).toBe(first.body);
    expect(hits).toBe(1);
  });
});

describe('the directory falls back to the bundled list', () => {
  const clock = { now: () => new Date() };
  for (const [what, reply] of [
    ['an HTTP error', { status: 500, body: '{}' }],
    ['a body that is not JSON', { status: 200, body: '<html>' }],
    ['a body of the wrong shape', { status: 200, body: JSON.stringify({ version: '1', dictionary: [{}] }) }],
  ] as const) {
    it(`on ${what}`, async () => {
      answer = reply;
      const errors: unknown[] = [];
      const directory = createBankDirectory({ url, clock, onError: (e) => errors.push(e) });
      expect(await directory.current()).toBe(bundledBankDirectory);
      expect(errors).toHaveLength(1);
    });
  }

  it('on a timeout', async () => {
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
      );
    const directory = createBankDirectory({ url, clock, fetchImpl: hanging, timeoutMs: 50 });
    expect(await directory.current()).toBe(bundledBankDirectory);
  });

  it('and tries again only after the retry period', async () => {
    answer = { status: 503, body: '' };
    hits = 0;
    let now = 0;
    const directory = createBankDirectory({ url, clock: { now: () => new Date(now) }, retryMs: 1000 });
    await directory.current();
    await directory.current();
    expect(hits).toBe(1);
    answer = { status: 200, body: JSON.stringify(remote) };
    now = 1000;
    expect((await directory.current()).version).toBe('2.0');
    expect(hits).toBe(2);
  });
});

describe('SBP_BANKS_URL', () => {
  it('is empty by default and must be a URL when set', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).sbpBanksUrl).toBeNull();
    expect(() => loadConfig({ NODE_ENV: 'test', SBP_BANKS_URL: 'not a url' })).toThrow(/SBP_BANKS_URL/);
  });
});
