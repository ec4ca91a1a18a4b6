import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { callAs } from '#server/test/cabinet-kit';
import {
  createDraft,
  customerWithBonuses,
  processDraft,
  RETURN_URL,
  setMaxSpendPercent,
} from '#server/test/payments-kit';
import { POINT } from '#server/test/payments-kit';
import { CHEQUE_MAIL_LIMITS } from './cheque';

const PHONE = '79006660481';
const SPAM = 'Выиграйте приз: http://spam.example';

describe('the cheque by e-mail', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await assertLedgerInvariants(t.deps.db);
    await t.close();
  });

  const outboxOf = async (to: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/dev/mail?to=${encodeURIComponent(to)}` })).json() as {
      subject: string;
    }[];

  it('is never sent for a draft nothing paid: a temporary payer cannot mail a free cheque anywhere', async () => {
    const { token } = (
      await t.app.inject({ method: 'POST', url: '/api/loyalty/createUser', payload: {} })
    ).json();
    const call = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${token}` } });
    const draft = (
      await call('/api/loyalty/createDraft', {
        retailPointId: POINT,
        paySum: 1,
        payType: 'IN_RETAIL_POINT',
        title: SPAM,
      })
    ).json().data;
    const done = (
      await call('/api/loyalty/processDraft', { draftId: draft.draftId, returnUrl: RETURN_URL })
    ).json();
    expect(done.data.state).toBe('completed');
    for (let i = 0; i < 5; i++) {
      const sent = await call('/api/loyalty/sendCheque', {
        draftId: draft.draftId,
        email: `victim${i}@example.com`,
      });
      expect(sent.statusCode).toBe(409);
      expect(sent.json().code).toBe('CHEQUE_NOT_READY');
      expect(await outboxOf(`victim${i}@example.com`)).toHaveLength(0);
    }
  });

  it('keeps the caller’s text out of the subject and limits the addresses per draft and per payer', async () => {
    await setMaxSpendPercent(t, 100);
    await customerWithBonuses(t, PHONE, 1000);
    const paid = async () => {
      const draft = await createDraft(t, PHONE, { paySum: 10, spendBonus: true, title: SPAM });
      expect((await processDraft(t, PHONE, draft.draftId)).json().data.state).toBe('completed');
      return draft.draftId as string;
    };
    const send = (draftId: string, email: string) =>
      callAs(t, PHONE, 'POST', '/api/loyalty/sendCheque', { draftId, email });

    const first = await paid();
    for (let i = 0; i < CHEQUE_MAIL_LIMITS.perDraft; i++) {
      expect((await send(first, `a${i}@example.com`)).json()).toEqual({ code: 0 });
    }
    const [mail] = await outboxOf('a0@example.com');
    expect(mail!.subject).not.toContain('spam');
    expect(mail!.subject).not.toContain('приз');
    const over = await send(first, 'one-more@example.com');
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('TOO_MANY_REQUESTS');
    expect(await outboxOf('one-more@example.com')).toHaveLength(0);

    // Other drafts of the same payer: the payer's daily count runs out too.
    let sent = CHEQUE_MAIL_LIMITS.perDraft;
    let refused = 0;
    for (let d = 0; d < 5; d++) {
      const draftId = await paid();
      for (let i = 0; i < CHEQUE_MAIL_LIMITS.perDraft; i++) {
        const answer = await send(draftId, `d${d}-${i}@example.com`);
        if (answer.statusCode === 200) sent++;
        else refused++;
      }
    }
    expect(sent).toBe(CHEQUE_MAIL_LIMITS.perPayer);
    expect(refused).toBeGreaterThan(0);
  });
});
