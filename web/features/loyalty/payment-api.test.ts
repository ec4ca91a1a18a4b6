import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiClient } from '#web/lib/api-client';
import { ensurePayer, forgetTemporaryPayer, hasPayer } from '#web/payment/payer-session';
import { finishPath, openDraft, paymentPath } from './payment-api';
import { parsePaySum, parsePointId, parseReceiptId } from './retail-point';

describe('the QR query', () => {
  it('takes sums as roubles rounded to kopecks, a comma included (spec section 9)', () => {
    expect(parsePaySum('500')).toBe(500);
    expect(parsePaySum('99.9')).toBe(99.9);
    expect(parsePaySum('250,50')).toBe(250.5);
    // More decimals are rounded half up to kopecks (spec section 9), not refused.
    expect(parsePaySum('12.345')).toBe(12.35);
    expect(parsePaySum('12.344')).toBe(12.34);
    expect(parsePaySum('1.005')).toBe(1.01);
    expect(parsePaySum('999999.995')).toBe(1_000_000);
    expect(parsePaySum('1000000.005')).toBeNull();
    for (const bad of [null, '', '0', '-5', '0.004', '1e3', 'abc', '10000000', '1 000']) {
      expect(parsePaySum(bad)).toBeNull();
    }
  });

  it('takes point ids as positive integers that fit the database', () => {
    expect(parsePointId('3')).toBe(3);
    for (const bad of [null, '', '0', '-1', '3.5', 'x', String(2 ** 31)])
      expect(parsePointId(bad)).toBeNull();
  });

  it('builds the finish and payment addresses', () => {
    expect(finishPath('d1', 3, 500)).toBe('/loyalty/finish?d=d1&p=3&s=500');
    expect(paymentPath(3, 99.9)).toBe('/loyalty?p=3&s=99.9');
    expect(paymentPath(null, null)).toBe('/loyalty');
    const receipt = '3c1d2b9e-7a54-4f0e-9b61-5d8e2f4a7c10';
    expect(finishPath('d1', 3, 500, receipt)).toBe(`/loyalty/finish?d=d1&p=3&s=500&r=${receipt}`);
    expect(paymentPath(3, 500, receipt)).toBe(`/loyalty?p=3&s=500&r=${receipt}`);
  });

  it('takes a till’s receipt id (decision 069) as a UUID, else none', () => {
    expect(parseReceiptId('3C1D2B9E-7A54-4F0E-9B61-5D8E2F4A7C10')).toBe(
      '3c1d2b9e-7a54-4f0e-9b61-5d8e2f4a7c10',
    );
    for (const bad of [null, '', 'abc', '3c1d2b9e-7a54-4f0e-9b61-5d8e2f4a7c1', "'><script>"])
      expect(parseReceiptId(bad)).toBeNull();
  });

  it('sends the receipt id with the draft and keeps the draft per receipt', async () => {
    const { api, calls } = fakeApi(() => draft('d-receipt'));
    const receiptId = '3c1d2b9e-7a54-4f0e-9b61-5d8e2f4a7c10';
    await openDraft(api, {
      retailPointId: 3,
      paySum: 500,
      spendBonus: true,
      spendExtra: true,
      payType: 'CARD',
      receiptId,
    });
    expect(calls[0]!.body).toMatchObject({ receiptId, retailPointId: 3, paySum: 500 });
    expect(sessionStorage.getItem(`loyaltyDraft:3:500:${receiptId}`)).toContain('d-receipt');
    expect(sessionStorage.getItem('loyaltyDraft:3:500')).toBeNull();
    sessionStorage.clear();
  });
});

/** A fake API answering by endpoint key; every call is recorded. */
function fakeApi(answer: (key: string, body: Record<string, unknown>) => unknown) {
  const calls: Array<{ key: string; body: Record<string, unknown> }> = [];
  const api = {
    request: vi.fn(async (key: string, input?: { body?: Record<string, unknown> }) => {
      const body = input?.body ?? {};
      calls.push({ key, body });
      return answer(key, body);
    }),
  } as unknown as ApiClient;
  return { api, calls };
}

const draft = (draftId: string) => ({
  data: { draftId, state: 'created', accountChanges: [], leftToPay: 500, paySum: 500 },
});

describe('the payer', () => {
  afterEach(() => {
    forgetTemporaryPayer();
    sessionStorage.clear();
  });

  it('creates one temporary loyalty user however many calls meet, and keeps it off the login keys', async () => {
    const { api, calls } = fakeApi(() => ({ token: 'a', refresh: 'r' }));
    expect(hasPayer()).toBe(false);
    await Promise.all([ensurePayer(api), ensurePayer(api), ensurePayer(api)]);
    expect(calls.filter((c) => c.key === 'POST /api/loyalty/createUser')).toHaveLength(1);
    expect(hasPayer()).toBe(true);
    expect(localStorage.getItem('accessToken')).toBeNull();
    await ensurePayer(api);
    expect(calls).toHaveLength(1);
  });
});

describe('the page draft', () => {
  afterEach(() => sessionStorage.clear());
  const choice = {
    retailPointId: 3,
    paySum: 500,
    spendBonus: true,
    spendExtra: true,
    payType: 'CARD' as const,
  };

  it('is created once with an idempotency key, then recomputed by its id', async () => {
    const { api, calls } = fakeApi(() => draft('d1'));
    await openDraft(api, choice);
    await openDraft(api, { ...choice, spendBonus: false });
    expect(calls[0]!.body.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls[0]!.body.draftId).toBeUndefined();
    expect(calls[1]!.body).toMatchObject({ draftId: 'd1', spendBonus: false });
  });

  it('shows an already paid draft instead of making a second one, and restarts after a failed one', async () => {
    let completeStatus = 0;
    const { api, calls } = fakeApi((key, body) => {
      if (key === 'POST /api/loyalty/completeDraft')
        return { data: { status: completeStatus, draftId: 'd1' } };
      if (body.draftId)
        throw new ApiError(409, {
          message: 'Эта оплата уже начата: её нельзя изменить',
          code: 'DRAFT_STARTED',
        });
      return draft(calls.length === 1 ? 'd1' : 'd2');
    });
    await openDraft(api, choice);
    expect(await openDraft(api, choice)).toMatchObject({ kind: 'started', result: { status: 0 } });
    completeStatus = 2;
    expect(await openDraft(api, choice)).toMatchObject({ kind: 'draft', draft: { draftId: 'd2' } });
    const creates = calls.filter((c) => c.key === 'POST /api/loyalty/createDraft' && !c.body.draftId);
    expect(creates).toHaveLength(2);
    expect(creates[0]!.body.idempotencyKey).not.toBe(creates[1]!.body.idempotencyKey);
  });
});
