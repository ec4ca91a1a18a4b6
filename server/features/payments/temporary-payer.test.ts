import { afterEach, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '../../test/ledger-invariants';
import { createTestApp, type TestApp } from '../../test/test-app';
import { payOnSandbox, POINT } from '../../test/payments-kit';

const GOOD_CARD = '4111 1111 1111 1111';

describe('the temporary loyalty user', () => {
  let t: TestApp;
  afterEach(async () => {
    await assertLedgerInvariants(t.deps.db);
    await t.close();
  });

  it('lets a visitor with no token pair pay by card and earn, and limits creation per address', async () => {
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
    for (let i = 1; i < 20; i++) {
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/loyalty/createUser', payload: {} })).statusCode,
      ).toBe(200);
    }
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/loyalty/createUser', payload: {} })).statusCode,
    ).toBe(429);
  });
});
