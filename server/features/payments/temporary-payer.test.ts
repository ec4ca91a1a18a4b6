import { afterEach, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { payOnSandbox, POINT } from '#server/test/payments-kit';
import { TEMPORARY_PAYER_DRAFTS_PER_HOUR } from './temporary-payer-limit';

const GOOD_CARD = '4111 1111 1111 1111';
/** TEMPORARY_USERS_PER_HOUR of server/features/auth/temporary-user.ts (a feature imports no other feature). */
const TEMPORARY_USERS_PER_HOUR = 600;

describe('the temporary loyalty user', () => {
  let t: TestApp;
  afterEach(async () => {
    await assertLedgerInvariants(t.deps.db);
    await t.close();
  });

  it('lets a visitor with no token pair pay by card and earn', async () => {
    t = await createTestApp();
    const created = await t.app.inject({ method: 'POST', url: '/api/loyalty/createUser', payload: {} });
    expect(created.statusCode).toBe(200);
    const { token, refresh } = created.json();
    expect(token).toBeTruthy();
    expect(refresh).toBeTruthy();
    const call = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${token}` } });
    expect((await call('/api/loyalty/getUserBalance', {})).json().balance).toEqual({
      availableAmount: 0,
      amount: 0,
    });
    const draft = (await call('/api/loyalty/createDraft', { retailPointId: POINT, paySum: 100 })).json().data;
    const processed = (
      await call('/api/loyalty/processDraft', {
        draftId: draft.draftId,
        returnUrl: 'http://localhost:3000/loyalty/finish',
      })
    ).json().data;
    await payOnSandbox(t, processed.formUrl, GOOD_CARD);
    expect((await call('/api/loyalty/completeDraft', { draftId: draft.draftId })).json().data).toMatchObject({
      status: 0,
      earned: 3,
    });
    expect((await call('/api/loyalty/getUserBalance', {})).json().balance.availableAmount).toBe(3);
  });

  it('lets a shop full of shoppers behind one address pay; only a flood of payers is refused', async () => {
    t = await createTestApp();
    const createUser = () => t.app.inject({ method: 'POST', url: '/api/loyalty/createUser', payload: {} });
    // Issue 27: the 21st shopper behind one shop's Wi-Fi got TOO_MANY_REQUESTS and could not pay.
    const shoppers = [];
    for (let i = 0; i < 40; i++) {
      const created = await createUser();
      expect(created.statusCode).toBe(200);
      shoppers.push(created.json().token as string);
    }
    const last = shoppers.at(-1)!;
    const draft = await t.app.inject({
      method: 'POST',
      url: '/api/loyalty/createDraft',
      payload: { retailPointId: POINT, paySum: 100 },
      headers: { authorization: `Bearer ${last}` },
    });
    expect(draft.statusCode).toBe(200);
    for (let i = 40; i < TEMPORARY_USERS_PER_HOUR; i++) expect((await createUser()).statusCode).toBe(200);
    const flood = await createUser();
    expect(flood.statusCode).toBe(429);
    expect(flood.json().code).toBe('TOO_MANY_REQUESTS');
  });

  it('limits what one temporary payer does: drafts per hour, not other payers or customers', async () => {
    t = await createTestApp();
    const tokenOf = async () =>
      (await t.app.inject({ method: 'POST', url: '/api/loyalty/createUser', payload: {} })).json()
        .token as string;
    const draftBy = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/loyalty/createDraft',
        payload: { retailPointId: POINT, paySum: 100 },
        headers: { authorization: `Bearer ${token}` },
      });
    const script = await tokenOf();
    for (let i = 0; i < TEMPORARY_PAYER_DRAFTS_PER_HOUR; i++)
      expect((await draftBy(script)).statusCode).toBe(200);
    const refused = await draftBy(script);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    // The next shopper at the same address pays as ever.
    expect((await draftBy(await tokenOf())).statusCode).toBe(200);
  });
});
