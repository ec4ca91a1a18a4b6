import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards } from '#server/db/schema/cabinet';
import { contractEndpoints } from '#server/test/contract-endpoints';
import { createTestApp, type TestApp } from '#server/test/test-app';

/**
 * The calls a temporary payer (`createUser`: no phone) needs to pay at a point or buy a gift card; every other
 * customer call is bound to a phone (decision 009) and refuses the placeholder.
 */
const PAYER_CALLS = new Set([
  'GET /api/user/logout',
  'POST /api/loyalty/getUserBalance',
  'POST /api/loyalty/createDraft',
  'POST /api/loyalty/processDraft',
  'POST /api/loyalty/completeDraft',
  'POST /api/loyalty/sendCheque',
  'POST /api/payment',
  'POST /api/gc/create',
  'POST /api/gc/payment',
  'POST /api/gc/getcard',
  'POST /api/gc/juridical',
  'GET /api/gc/invoice/:invoiceId',
]);

const ID = '00000000-0000-4000-8000-000000000000';

describe('a temporary payer and the phone-bound calls', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.app.inject({ method: 'POST', url: '/api/loyalty/createUser', payload: {} })).json()
      .token;
  });
  afterAll(() => t.close());

  it('cannot register a loyalty card', async () => {
    const cardsNow = async () => (await t.deps.db.select({ n: count() }).from(cards))[0]!.n;
    const before = await cardsNow();
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/user/newCard',
      headers: { authorization: `Bearer ${token}` },
      payload: { firstName: 'Иван', lastName: 'Петров', email: '', cardNum: '' },
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ code: 'PHONE_LOGIN_REQUIRED' });
    expect(await cardsNow()).toBe(before);
  });

  it('is refused by every customer call but the payment ones, whatever it sends', async () => {
    const endpoints = await contractEndpoints();
    const marked = [...endpoints].filter(([, e]) => e.temporaryPayer).map(([key]) => key);
    expect(new Set(marked)).toEqual(PAYER_CALLS);
    const refusedBy: string[] = [];
    for (const [key, endpoint] of endpoints) {
      if (endpoint.auth !== 'user' || PAYER_CALLS.has(key)) continue;
      const answer = await t.app.inject({
        method: endpoint.method,
        url: endpoint.path.replace(/:[A-Za-z]+/g, ID),
        headers: { authorization: `Bearer ${token}` },
        ...(endpoint.method === 'GET' ? {} : { payload: {} }),
      });
      expect(answer.statusCode, key).toBe(403);
      expect(answer.json().code, key).toBe('PHONE_LOGIN_REQUIRED');
      refusedBy.push(key);
    }
    expect(refusedBy).toContain('POST /api/user/newCard');
    expect(refusedBy).toContain('GET /api/user/info');
    expect(refusedBy.length).toBeGreaterThan(15);
  });
});
