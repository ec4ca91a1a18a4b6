import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueCategories, catalogueItems } from '#server/db/schema/catalogue';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { asStaff, staffOfRole } from '#server/test/staff-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { cardholder, issueKey, memberCode, OPERATOR_TOKEN, till } from '#server/test/till-kit';

/** Monday 30.11.2026, 12:00 in Moscow: point 1 earns 3%. */
const MONDAY_NOON = Date.parse('2026-11-30T09:00:00Z');
const PHONE = '79006660066';

const line = (name: string, sum: number, extra: object = {}) => ({
  name,
  quantity: 1,
  price: sum,
  sum,
  ...extra,
});

describe('any till receipt in the console (decision 066)', () => {
  let t: TestApp;
  let clock: FakeClock;
  let withLines: string;
  let sumOnly: string;
  let key: string;

  const operator = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } });

  beforeAll(async () => {
    clock = fakeClock(MONDAY_NOON);
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
    const updatedAt = new Date(MONDAY_NOON);
    await t.deps.db.insert(catalogueCategories).values([
      { id: 'FOOD', name: 'Продукты', updatedAt },
      { id: 'BAKERY', parentId: 'FOOD', name: 'Пекарня', updatedAt },
    ]);
    await t.deps.db
      .insert(catalogueItems)
      .values({ sku: 'BREAD', name: 'Хлеб', categoryId: 'BAKERY', updatedAt });
    ({ key } = await issueKey(t));
    const card = await cardholder(t, PHONE, 1000);
    const opened = await till(t, key, 'POST', '/api/till/verify', {
      code: memberCode(card, clock.now().getTime()),
    });
    const visitId = opened.json().visitId;
    const accrued = await till(t, key, 'POST', '/api/till/accrue', {
      visitId,
      sum: 150,
      idempotencyKey: 'RCPT-0001',
      items: [line('Хлеб', 100, { sku: 'BREAD' }), line('Пакет', 50)],
    });
    expect(accrued.statusCode, accrued.body).toBe(200);
    clock.advance(60_000); // newest first is by time: the second receipt a minute later
    const plain = await till(t, key, 'POST', '/api/till/accrue', {
      visitId,
      sum: 200,
      idempotencyKey: 'RCPT-0002',
    });
    expect(plain.statusCode, plain.body).toBe(200);
    const listed = (await operator('/api/operator/receipts')).json();
    withLines = listed.receipts.find((r: { receipt: string }) => r.receipt === 'RCPT-0001').id;
    sumOnly = listed.receipts.find((r: { receipt: string }) => r.receipt === 'RCPT-0002').id;
  });
  afterAll(async () => t.close());

  it('lists the till’s receipts newest first, with their lines’ count', async () => {
    const list = await operator('/api/operator/receipts?from=2026-11-30&to=2026-11-30');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ timeZone: 'Europe/Moscow', page: 1, hasMore: false });
    const mine = list.json().receipts.filter((r: { phone: string }) => r.phone === PHONE);
    expect(mine.map((r: { receipt: string; lines: number }) => [r.receipt, r.lines])).toEqual([
      ['RCPT-0002', 0],
      ['RCPT-0001', 2],
    ]);
    expect(mine[1]).toMatchObject({ kind: 'accrue', state: 'completed', sum: 15_000, earned: 450, spent: 0 });
  });

  it('filters by receipt number, point, member phone or card, and days', async () => {
    const ids = async (query: string) =>
      (await operator(`/api/operator/receipts?${query}`)).json().receipts.map((r: { id: string }) => r.id);
    expect(await ids('receipt=RCPT-0001')).toEqual([withLines]);
    expect(await ids('receipt=1:RCPT-0001')).toEqual([withLines]);
    expect(await ids('member=%2B7%20900%20666-00-66')).toEqual([sumOnly, withLines]);
    expect(await ids('member=89006660066&receipt=RCPT-0002')).toEqual([sumOnly]);
    expect(await ids('member=79990000000')).toEqual([]);
    expect(await ids('point=999')).toEqual([]);
    expect(await ids('from=2026-12-01')).toEqual([]);
    expect(await ids('to=2026-11-29')).toEqual([]);
  });

  it('shows a receipt with every figure of its lines and their categories; a sum-only one has none', async () => {
    const shown = await operator(`/api/operator/receipts/${withLines}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().lines).toEqual([
      expect.objectContaining({
        lineNo: 1,
        name: 'Хлеб',
        sku: 'BREAD',
        category: 'Пекарня',
        topCategory: 'Продукты',
        quantityMilli: 1000,
        sum: 10_000,
        earned: 300,
      }),
      expect.objectContaining({ lineNo: 2, name: 'Пакет', category: null, topCategory: null, earned: 150 }),
    ]);
    const plain = await operator(`/api/operator/receipts/${sumOnly}`);
    expect(plain.json()).toMatchObject({ operation: { receipt: 'RCPT-0002', lines: 0 }, lines: [] });
    const missing = await operator('/api/operator/receipts/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
  });

  it('refuses bad filters with a 400 in Russian', async () => {
    for (const [query, message] of [
      ['from=2026-02-31', 'Такой даты нет'],
      ['from=2026-12-02&to=2026-12-01', 'Начало периода позже его конца'],
      ['point=abc', 'Точка: номер'],
      ['member=abc', 'Телефон или номер карты: цифры'],
      ['page=0', 'Страница: номер от 1'],
    ]) {
      const refused = await operator(`/api/operator/receipts?${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.body, query).toContain(message);
    }
  });

  it('lets owner, accountant, support and viewer read receipts, masks phones to those who do not dial, refuses the marketer', async () => {
    for (const role of ['owner', 'accountant', 'support', 'viewer', 'marketer'] as const) {
      const who = await staffOfRole(t, clock, OPERATOR_TOKEN, role);
      const list = await asStaff(t, who, { method: 'GET', url: '/api/operator/receipts?receipt=RCPT-0001' });
      const one = await asStaff(t, who, { method: 'GET', url: `/api/operator/receipts/${withLines}` });
      if (role === 'marketer') {
        expect([list.statusCode, one.statusCode], role).toEqual([403, 403]);
        continue;
      }
      expect(list.statusCode, role).toBe(200);
      const phone = role === 'owner' || role === 'support' ? PHONE : '+7 900 •••-••-••';
      expect(list.json().receipts[0].phone, role).toBe(phone);
      expect(one.json().operation.phone, role).toBe(phone);
    }
  });

  it('shows what came back of each line (decision 063) and the cheque’s promo code, none here', async () => {
    const returned = await till(t, key, 'POST', `/api/till/operations/${withLines}/return`, {
      items: [{ line: 2, quantity: 1 }],
      idempotencyKey: 'RCPT-0001-return',
    });
    expect(returned.statusCode, returned.body).toBe(200);
    const shown = (await operator(`/api/operator/receipts/${withLines}`)).json();
    expect(shown.coupon).toBeNull();
    expect(
      shown.lines.map((l: { returnedMilli: number; earnTakenBack: number; spendGivenBack: number }) => [
        l.returnedMilli,
        l.earnTakenBack,
        l.spendGivenBack,
      ]),
    ).toEqual([
      [0, 0, 0],
      [1000, 150, 0],
    ]);
  });
});
