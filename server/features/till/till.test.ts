import { count, eq, like } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { operations } from '#server/db/schema/cabinet';
import { ledgerTransactions } from '#server/db/schema/ledger';
import { memberPurchaseStats } from '#server/db/schema/segments';
import { tillOperations, tillUsedCodes, tillVisits } from '#server/db/schema/till';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { callAs } from '#server/test/cabinet-kit';
import { balancesOf } from '#server/core/ledger';
import { setMaxSpendPercent } from '#server/test/payments-kit';
import { releaseExpiredTillHolds } from './expire-holds';
import {
  cardholder,
  issueKey,
  memberCode,
  OPERATOR_TOKEN,
  OTHER_POINT,
  revokeKey,
  till,
} from '#server/test/till-kit';

const PHONE = '79006660001';
const STEP_MS = 120_000;

describe('the till API', () => {
  let t: TestApp;
  let clock: FakeClock;
  let key: string;
  let card: Awaited<ReturnType<typeof cardholder>>;

  beforeEach(async () => {
    clock = fakeClock();
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
    key = (await issueKey(t)).key;
    card = await cardholder(t, PHONE, 1000);
  });
  afterEach(async () => {
    await assertLedgerInvariants(t.deps.db, { now: clock.now() });
    await t.close();
  });

  const verify = (code = memberCode(card, clock.now().getTime()), withKey = key) =>
    till(t, withKey, 'POST', '/api/till/verify', { code });
  const openVisit = async () => {
    const response = await verify();
    expect(response.statusCode, response.body).toBe(200);
    return response.json().visitId as string;
  };
  const accrue = (visitId: string, sum: number, idempotencyKey: string, withKey = key) =>
    till(t, withKey, 'POST', '/api/till/accrue', { visitId, sum, idempotencyKey });
  const spend = (visitId: string, body: object) =>
    till(t, key, 'POST', '/api/till/spend', { visitId, ...body });
  const act = (operationId: string, action: 'confirm' | 'cancel' | 'refund') =>
    till(t, key, 'POST', `/api/till/operations/${operationId}/${action}`);
  const bonuses = async () => (await balancesOf(t.deps.db, card.userId)).bonus;
  const countOf = async (table: typeof tillVisits | typeof tillUsedCodes | typeof tillOperations) =>
    (await t.deps.db.select({ n: count() }).from(table))[0]!.n;
  const rollup = async () => {
    const [row] = await t.deps.db
      .select()
      .from(memberPurchaseStats)
      .where(eq(memberPurchaseStats.userId, card.userId));
    return {
      last: row?.lastPurchaseAt ? new Date(row.lastPurchaseAt).toISOString() : null,
      purchases: row?.cumPurchases.at(-1),
      spend: row?.cumSpend.at(-1),
    };
  };
  const historyOf = async () => (await callAs(t, PHONE, 'GET', '/api/user/operations')).json().operations;

  it('verifies the member code: the customer, the masked card, the spendable bonuses; no saved card', async () => {
    const response = await verify();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      customer: { name: 'Иван П.', cardNum: `**** **** **** ${card.cardNum.slice(-4)}`, bonuses: 1000 },
      point: { id: 1, currentBonus: 3 },
      maxSpendPercent: 50,
      bindingActive: false,
      operations: [],
    });
    expect(Date.parse(response.json().expiresAt)).toBe(clock.now().getTime() + 15 * 60_000);
  });

  it('accepts a code one step either side of now and refuses an expired one or one from the future', async () => {
    const now = clock.now().getTime();
    expect((await verify(memberCode(card, now - STEP_MS))).statusCode).toBe(200);
    expect((await verify(memberCode(card, now + STEP_MS))).statusCode).toBe(200);
    for (const at of [now - 2 * STEP_MS, now + 2 * STEP_MS, now - 10 * STEP_MS]) {
      const refused = await verify(memberCode(card, at));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'CODE_EXPIRED',
        message: expect.stringMatching(/устарел/),
      });
    }
    expect((await verify(`${card.cardNum}000000`)).statusCode).toBe(400);
    expect((await verify('1234')).statusCode).toBe(400);
    expect(await countOf(tillVisits)).toBe(2);
  });

  it('looks a code up again at the same till until it is spent, refuses it at any other, and the next code works', async () => {
    const code = memberCode(card, clock.now().getTime());
    const first = await verify(code);
    expect(first.statusCode).toBe(200);
    // The cashier mistyped and looks the code up again, a minute later: the visit the code opened.
    clock.advance(60_000);
    const again = await verify(code);
    expect(again.statusCode).toBe(200);
    expect(again.json().visitId).toBe(first.json().visitId);
    expect(await countOf(tillVisits)).toBe(1);
    const sameShop = (await issueKey(t)).key;
    const replay = await verify(code, sameShop);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({
      code: 'CODE_USED',
      message: expect.stringMatching(/уже использован/),
    });
    const other = (await issueKey(t, OTHER_POINT)).key;
    expect((await verify(code, other)).statusCode).toBe(400);
    // Spent once: after an accrual in its visit the code is used, at its own till too.
    expect((await accrue(first.json().visitId, 100, 'relookup-0001')).statusCode).toBe(200);
    expect((await verify(code)).json().code).toBe('CODE_USED');
    // Past its window the code is refused even at its own till.
    clock.advance(2 * STEP_MS);
    expect((await verify(code)).json().code).toBe('CODE_EXPIRED');
    // Parallel scans of one fresh code at one till (within the card's 10 lookups): one visit, every answer names it.
    const fresh = memberCode(card, clock.now().getTime());
    const answers = await Promise.all(Array.from({ length: 4 }, () => verify(fresh)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(4).fill(200));
    expect(new Set(answers.map((a) => a.json().visitId)).size).toBe(1);
    expect(await countOf(tillVisits)).toBe(2);
  });

  it('refuses a wrong, a malformed, a missing or a revoked key with 401 and changes nothing', async () => {
    const visitId = await openVisit();
    const issued = await issueKey(t, 1, 'Касса 2');
    const before = {
      visits: await countOf(tillVisits),
      codes: await countOf(tillUsedCodes),
      bonuses: await bonuses(),
    };
    expect((await revokeKey(t, issued.keyId)).json()).toMatchObject({
      keyId: issued.keyId,
      revokedAt: expect.any(String),
    });
    const wrongSecret = `${key.slice(0, -4)}AAAA`;
    clock.advance(STEP_MS);
    const code = memberCode(card, clock.now().getTime());
    for (const bad of [issued.key, wrongSecret, 'till_nonsense', '']) {
      const scan = await verify(code, bad);
      expect(scan.statusCode).toBe(401);
      expect(scan.json().message).toMatch(/Ключ кассы неверен или отозван/);
      expect((await accrue(visitId, 100, `k-${bad.length}-accrue`, bad)).statusCode).toBe(401);
    }
    const viaHeader = await t.app.inject({
      method: 'POST',
      url: '/api/till/verify',
      headers: { 'x-api-key': issued.key },
      payload: { code },
    });
    expect(viaHeader.statusCode).toBe(401);
    expect(await countOf(tillOperations)).toBe(0);
    expect({
      visits: await countOf(tillVisits),
      codes: await countOf(tillUsedCodes),
      bonuses: await bonuses(),
    }).toEqual(before);
    // The code was not consumed by the refused calls: a live key (in X-Api-Key) still takes it.
    const good = await t.app.inject({
      method: 'POST',
      url: '/api/till/verify',
      headers: { 'x-api-key': key },
      payload: { code },
    });
    expect(good.statusCode).toBe(200);
  });

  it('keeps a visit and its operations to the point that opened it', async () => {
    const visitId = await openVisit();
    const other = (await issueKey(t, OTHER_POINT)).key;
    expect((await accrue(visitId, 100, 'other-point-1', other)).statusCode).toBe(404);
    expect((await till(t, other, 'GET', `/api/till/visits/${visitId}`)).statusCode).toBe(404);
    const operation = (await accrue(visitId, 100, 'own-point-1')).json();
    expect(
      (await till(t, other, 'POST', `/api/till/operations/${operation.operationId}/refund`)).statusCode,
    ).toBe(404);
  });

  it('accrues the point rate once per idempotency key and the cabinet shows a CASHBACK', async () => {
    const visitId = await openVisit();
    const first = await accrue(visitId, 1234.56, 'cheque-0001');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      kind: 'ACCRUE',
      state: 'COMPLETED',
      sum: 1234.56,
      spent: 0,
      earned: 37.03,
    });
    const again = await Promise.all(
      Array.from({ length: 10 }, () => accrue(visitId, 1234.56, 'cheque-0001')),
    );
    for (const answer of again) expect(answer.json()).toEqual(first.json());
    expect(await bonuses()).toBe(100_000 + 3703);
    const postings = await t.deps.db
      .select({ n: count() })
      .from(ledgerTransactions)
      .where(like(ledgerTransactions.idempotencyKey, 'till-accrue:%'));
    expect(postings[0]!.n).toBe(1);
    const changed = await accrue(visitId, 99, 'cheque-0001');
    expect(changed.statusCode).toBe(409);
    const [operation] = await historyOf();
    expect(operation).toMatchObject({
      type: 'CASHBACK',
      state: 'PROCESSED',
      amount: 1234.56,
      amountEarn: 37.03,
    });
    expect(operation.place).toBe(
      (await till(t, key, 'GET', `/api/till/visits/${visitId}`)).json().point.title,
    );
    expect((await accrue(visitId, 1.005, 'cheque-0002')).statusCode).toBe(400);
  });

  it('refuses money calls in a visit that has ended, but still answers a retry of an earlier call', async () => {
    const visitId = await openVisit();
    const first = await accrue(visitId, 100, 'before-the-end');
    clock.advance(16 * 60_000);
    expect((await accrue(visitId, 100, 'before-the-end')).json()).toEqual(first.json());
    const late = await accrue(visitId, 100, 'after-the-end');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/Визит закончился/);
  });

  it('spends within the brand limit and the balance, holds, then confirms as a PAYMENT earning on the rest', async () => {
    const visitId = await openVisit();
    const overLimit = await spend(visitId, { sum: 1000, bonuses: 500.01, idempotencyKey: 'spend-limit' });
    expect(overLimit.statusCode).toBe(409);
    expect(overLimit.json().message).toMatch(/не больше 50% чека/);
    await setMaxSpendPercent(t, 100);
    const overBalance = await spend(visitId, {
      sum: 2000,
      bonuses: 1000.01,
      idempotencyKey: 'spend-balance',
    });
    expect(overBalance.statusCode).toBe(409);
    expect(overBalance.json().message).toBe('Недостаточно бонусов: доступно 1\u00a0000\u00a0бонусов');
    await setMaxSpendPercent(t, 50);

    const held = await spend(visitId, { sum: 600, idempotencyKey: 'spend-0001' });
    expect(held.statusCode).toBe(200);
    expect(held.json()).toMatchObject({ kind: 'SPEND', state: 'HELD', sum: 600, spent: 300, earned: 9 });
    expect((await spend(visitId, { sum: 600, idempotencyKey: 'spend-0001' })).json()).toEqual(held.json());
    expect(await bonuses()).toBe(70_000);
    expect(await historyOf()).toHaveLength(0);

    const confirmed = await act(held.json().operationId, 'confirm');
    expect(confirmed.json()).toMatchObject({
      state: 'COMPLETED',
      spent: 300,
      earned: 9,
      holdExpiresAt: null,
    });
    expect((await act(held.json().operationId, 'confirm')).json()).toEqual(confirmed.json());
    expect((await act(held.json().operationId, 'cancel')).statusCode).toBe(409);
    expect(await bonuses()).toBe(70_900);
    const [operation] = await historyOf();
    expect(operation).toMatchObject({
      type: 'PAYMENT',
      state: 'PROCESSED',
      amount: 600,
      amountSpend: 300,
      amountEarn: 9,
    });
  });

  it('cancels a hold (the bonuses go back) and releases one nobody confirmed when it expires', async () => {
    const visitId = await openVisit();
    const first = (await spend(visitId, { sum: 100, bonuses: 50, idempotencyKey: 'hold-0001' })).json();
    const cancelled = await act(first.operationId, 'cancel');
    expect(cancelled.json()).toMatchObject({ state: 'CANCELLED', spent: 50 });
    expect((await act(first.operationId, 'cancel')).json()).toEqual(cancelled.json());
    expect((await act(first.operationId, 'confirm')).statusCode).toBe(409);
    expect(await bonuses()).toBe(100_000);

    const second = (await spend(visitId, { sum: 100, bonuses: 40, idempotencyKey: 'hold-0002' })).json();
    const third = (await spend(visitId, { sum: 100, bonuses: 30, idempotencyKey: 'hold-0003' })).json();
    expect(await bonuses()).toBe(100_000 - 7000);
    clock.advance(15 * 60_000);
    // Confirming too late releases the hold and says so; the job releases the others.
    const late = await act(second.operationId, 'confirm');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/время удержания вышло/);
    expect(await releaseExpiredTillHolds(t.deps)).toBe(1);
    expect((await act(third.operationId, 'cancel')).json()).toMatchObject({ state: 'EXPIRED' });
    expect(await bonuses()).toBe(100_000);
    // (The customer's access token has expired by now: the history is read from the table.)
    const history = await t.deps.db.select().from(operations).where(eq(operations.userId, card.userId));
    expect(history).toHaveLength(0);
  });

  it('cannot overdraw with parallel spends under different keys', async () => {
    await setMaxSpendPercent(t, 100);
    const visitId = await openVisit();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        spend(visitId, { sum: 100, bonuses: 100, idempotencyKey: `race-000${i}` }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(10);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/Недостаточно бонусов/);
    }
    expect(await bonuses()).toBe(0);
  });

  it('refunds exactly what was spent and earned, once; a second refund answers the same', async () => {
    const visitId = await openVisit();
    const accrual = (await accrue(visitId, 1000, 'refund-accrue')).json();
    expect(await bonuses()).toBe(103_000);
    const held = (await spend(visitId, { sum: 400, bonuses: 200, idempotencyKey: 'refund-spend' })).json();
    expect((await act(held.operationId, 'refund')).statusCode).toBe(409);
    await act(held.operationId, 'confirm');
    expect(await bonuses()).toBe(103_000 - 20_000 + 600);
    // The segments' rollup (decision 082) follows the till's writes in their transactions: two purchases, then none.
    expect(await rollup()).toEqual({ last: clock.now().toISOString(), purchases: 2, spend: 140_000 });

    const refunded = await act(held.operationId, 'refund');
    expect(refunded.json()).toMatchObject({ state: 'REFUNDED', spent: 200, earned: 6 });
    expect(await bonuses()).toBe(103_000);
    const again = await Promise.all(Array.from({ length: 5 }, () => act(held.operationId, 'refund')));
    for (const answer of again) expect(answer.json()).toEqual(refunded.json());
    expect(await bonuses()).toBe(103_000);

    expect((await act(accrual.operationId, 'refund')).json()).toMatchObject({
      state: 'REFUNDED',
      earned: 30,
    });
    expect(await bonuses()).toBe(100_000);
    expect(await rollup()).toEqual({ last: null, purchases: 0, spend: 0 });
    const history = await historyOf();
    const rows = history.map((o: { type: string; state: string }) => [o.type, o.state]).sort();
    expect(rows).toEqual([
      ['CASHBACK', 'CANCEL'],
      ['PAYMENT', 'CANCEL'],
    ]);
    const visit = (await till(t, key, 'GET', `/api/till/visits/${visitId}`)).json();
    expect(visit.operations.map((o: { state: string }) => o.state)).toEqual(['REFUNDED', 'REFUNDED']);
    expect(visit.customer.bonuses).toBe(1000);
  });

  it('refuses to refund an accrual whose bonuses are already spent, and changes nothing', async () => {
    const poor = await cardholder(t, '79006660002', 0);
    const visit = await till(t, key, 'POST', '/api/till/verify', {
      code: memberCode(poor, clock.now().getTime()),
    });
    const visitId = visit.json().visitId;
    const accrual = (await accrue(visitId, 1000, 'poor-accrue')).json();
    const held = (await spend(visitId, { sum: 100, bonuses: 20, idempotencyKey: 'poor-spend' })).json();
    await act(held.operationId, 'confirm');
    const refused = await act(accrual.operationId, 'refund');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/уже потрачены/);
    const [row] = await t.deps.db
      .select()
      .from(tillOperations)
      .where(eq(tillOperations.id, accrual.operationId));
    expect(row?.state).toBe('completed');
    expect((await balancesOf(t.deps.db, poor.userId)).bonus).toBe(3000 - 2000 + 240);
  });

  it('lists and revokes keys without ever showing a key or its hash; the OpenAPI document has the till', async () => {
    const list = await t.app.inject({
      url: '/api/operator/till-keys',
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      {
        keyId: expect.any(String),
        retailPointId: 1,
        label: 'Касса 1',
        createdAt: expect.any(String),
        revokedAt: null,
      },
    ]);
    expect(list.body).not.toContain(key.slice(-43));
    expect((await t.app.inject({ url: '/api/operator/till-keys' })).statusCode).toBe(401);
    const unknownPoint = await t.app.inject({
      method: 'POST',
      url: '/api/operator/till-keys',
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      payload: { retailPointId: 999_999 },
    });
    expect(unknownPoint.statusCode).toBe(404);
    const docs = (await t.app.inject({ url: '/api/docs' })).json();
    for (const path of [
      '/api/till/verify',
      '/api/till/accrue',
      '/api/till/spend',
      '/api/till/card-payment',
    ]) {
      expect(docs.paths[path].post.security).toEqual([{ tillKey: [] }, { tillApiKey: [] }]);
    }
    expect(docs.paths['/api/till/operations/{operationId}/refund']).toBeDefined();
  });
});
