import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDay } from '#common/lib/format';
import { catalogueCategories, catalogueItems } from '#server/db/schema/catalogue';
import { fakeClock } from '#server/test/auth-kit';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { buildReport } from './report';
import {
  cardholder,
  issueKey,
  memberCode,
  OPERATOR_TOKEN,
  OTHER_POINT,
  POINT,
  till,
} from '#server/test/till-kit';

/** Bonuses by point and receipt lines by category (decision 068), net of refunds and returns. */

const TZ = 'Europe/Moscow';
const DAY = 86_400_000;
const PHONE = '79007780068';
const kop = (roubles: number) => Math.round(roubles * 100);

describe('reports by point and by category', () => {
  let t: TestApp;
  const clock = fakeClock(Date.now());
  const dayOff = (n: number) => calendarDay(new Date(Date.now() + n * DAY), TZ);
  const range = () => `from=${dayOff(-1)}&to=${dayOff(1)}`;
  const report = async (query: string) => {
    const response = await t.app.inject({
      url: `/api/operator/reports?${query}`,
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  /** What the till answered per receipt: its earn in kopecks and its lines' earns. */
  const earned = { bakeryAtTwo: 0, first: [] as number[], second: 0 };

  beforeAll(async () => {
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
    const updatedAt = clock.now();
    await t.deps.db.insert(catalogueCategories).values([
      { id: 'BAKERY', name: 'Пекарня', updatedAt },
      { id: 'COFFEE', name: 'Кофе', updatedAt },
      { id: 'TOB', name: 'Табак', legalGroup: 'TOBACCO', updatedAt },
    ]);
    await t.deps.db.insert(catalogueItems).values([
      { sku: 'BREAD', name: 'Хлеб', categoryId: 'BAKERY', updatedAt },
      { sku: 'LATTE', name: 'Латте', categoryId: 'COFFEE', updatedAt },
      { sku: 'CIG', name: 'Сигареты', categoryId: 'TOB', updatedAt },
    ]);
    const one = (await issueKey(t, POINT)).key;
    const two = (await issueKey(t, OTHER_POINT, 'Касса 2')).key;
    const card = await cardholder(t, PHONE, 1000);
    const visit = async (key: string) => {
      clock.advance(121_000);
      const opened = await till(t, key, 'POST', '/api/till/verify', {
        code: memberCode(card, clock.now().getTime()),
      });
      return opened.json().visitId as string;
    };
    const call = async (key: string, url: string, body?: object) => {
      const response = await till(t, key, 'POST', url, body);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    // 1. Point 1, an accrual: bread, coffee and a bag with no category; then one loaf of three returned.
    const first = await call(one, '/api/till/accrue', {
      visitId: await visit(one),
      sum: 550,
      idempotencyKey: 'r068-0001',
      items: [
        { name: 'Хлеб', sku: 'BREAD', quantity: 3, price: 100, sum: 300 },
        { name: 'Латте', sku: 'LATTE', quantity: 1, price: 200, sum: 200 },
        { name: 'Пакет', quantity: 1, price: 50, sum: 50 },
      ],
    });
    earned.first = first.lines.map((l: { earned: number }) => kop(l.earned));
    await call(one, `/api/till/operations/${first.operationId}/return`, {
      items: [{ line: 1, quantity: 1 }],
      idempotencyKey: 'r068-0001-back',
    });
    // 2. Point 1, coffee paid partly with bonuses and confirmed.
    const spend = async (key: string, n: string, items: object[], sum: number, bonuses: number) => {
      const held = await call(key, '/api/till/spend', {
        ...{ visitId: await visit(key), sum, bonuses, idempotencyKey: `r068-000${n}`, items },
      });
      return call(key, `/api/till/operations/${held.operationId}/confirm`);
    };
    const second = await spend(
      one,
      '2',
      [{ name: 'Латте', sku: 'LATTE', quantity: 2, price: 200, sum: 400 }],
      400,
      100,
    );
    earned.second = kop(second.earned);
    // 3. Point 2, bread accrued. 4. Point 1, coffee with bonuses, confirmed and refunded in full.
    const third = await call(two, '/api/till/accrue', {
      visitId: await visit(two),
      sum: 200,
      idempotencyKey: 'r068-0003',
      items: [{ name: 'Хлеб', sku: 'BREAD', quantity: 2, price: 100, sum: 200 }],
    });
    earned.bakeryAtTwo = kop(third.earned);
    const fourth = await spend(
      one,
      '4',
      [{ name: 'Латте', sku: 'LATTE', quantity: 1, price: 200, sum: 200 }],
      200,
      50,
    );
    await call(one, `/api/till/operations/${fourth.operationId}/refund`);
    // 5. Point 1, cigarettes: nothing earned, no posting, yet goods were sold.
    const fifth = await call(one, '/api/till/accrue', {
      visitId: await visit(one),
      sum: 300,
      idempotencyKey: 'r068-0005',
      items: [{ name: 'Сигареты', sku: 'CIG', quantity: 1, price: 300, sum: 300 }],
    });
    expect(fifth.earned).toBe(0);
    // Returned: nothing given or taken back, no posting, yet the goods come back.
    await call(one, `/api/till/operations/${fifth.operationId}/return`, {
      items: [{ line: 1, quantity: 1 }],
      idempotencyKey: 'r068-0005-back',
    });
  });
  afterAll(async () => {
    await assertLedgerInvariants(t.deps.db, { now: clock.now() });
    await t.close();
  });

  it('gives each category its lines, goods and bonuses, net of the return and the refund', async () => {
    const r = await report(range());
    const [bread, latte, bag] = earned.first;
    expect(bread! + latte! + bag!).toBe(1650); // 3% of 550 ₽
    expect(r.byCategory).toEqual([
      {
        categoryId: 'COFFEE',
        title: 'Кофе',
        lines: 2,
        goodsSum: 60_000,
        bonusesEarned: latte! + earned.second,
        bonusesSpent: 10_000,
      },
      // Bread: 300 ₽ sold, one loaf of three (100 ₽) and a third of its earn returned; 200 ₽ at point 2.
      {
        categoryId: 'BAKERY',
        title: 'Пекарня',
        lines: 2,
        goodsSum: 40_000,
        bonusesEarned: bread! - Math.floor(bread! / 3) + earned.bakeryAtTwo,
        bonusesSpent: 0,
      },
      {
        categoryId: null,
        title: 'Без категории',
        lines: 1,
        goodsSum: 5_000,
        bonusesEarned: bag,
        bonusesSpent: 0,
      },
      // Cigarettes sold and returned: the line stays counted, its sum is back to nothing.
      { categoryId: 'TOB', title: 'Табак', lines: 1, goodsSum: 0, bonusesEarned: 0, bonusesSpent: 0 },
    ]);
  });

  it('gives each point the bonuses its receipts issued and spent, the same sums as the categories', async () => {
    const r = await report(range());
    const [bread, latte, bag] = earned.first;
    expect(r.byPoint).toEqual([
      expect.objectContaining({
        retailPointId: POINT,
        bonusesIssued: bread! - Math.floor(bread! / 3) + latte! + bag! + earned.second,
        bonusesSpent: 10_000,
      }),
      expect.objectContaining({
        retailPointId: OTHER_POINT,
        bonusesIssued: earned.bakeryAtTwo,
        bonusesSpent: 0,
      }),
    ]);
    type Figures = { bonusesIssued: number; bonusesSpent: number; bonusesEarned: number };
    const sum = (rows: Figures[], pick: (x: Figures) => number) => rows.reduce((a, x) => a + pick(x), 0);
    expect(sum(r.byPoint, (p) => p.bonusesIssued)).toBe(sum(r.byCategory, (c) => c.bonusesEarned));
    expect(sum(r.byPoint, (p) => p.bonusesSpent)).toBe(sum(r.byCategory, (c) => c.bonusesSpent));
  });

  it('gives the same breakdowns from the daily rollup once the days have ended (decision 088)', async () => {
    const query = { from: dayOff(-1), to: dayOff(1) };
    const live = await buildReport(t.deps, query);
    // Two days later every day of the range is closed: the breakdowns come from `report_breakdown_days`.
    const rolled = await buildReport(t.deps, query, { today: dayOff(2) });
    expect(rolled.byCategory).toEqual(live.byCategory);
    expect(rolled.byPoint).toEqual(live.byPoint);
    expect(live.byCategory.length).toBeGreaterThan(2);
    const stored = await t.deps.db.execute(
      sql`select count(*)::int as n from report_breakdown_days where day = ${dayOff(0)}::date`,
    );
    expect((stored as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(3);
    const narrowed = await buildReport(
      t.deps,
      { ...query, points: String(OTHER_POINT) },
      { today: dayOff(2) },
    );
    expect(narrowed.byPoint).toEqual(
      (await buildReport(t.deps, { ...query, points: String(OTHER_POINT) })).byPoint,
    );
  });

  it('narrows both to the points asked for, and an empty range has neither', async () => {
    const two = await report(`${range()}&points=${OTHER_POINT}`);
    expect(two.byPoint).toEqual([
      expect.objectContaining({ retailPointId: OTHER_POINT, bonusesIssued: earned.bakeryAtTwo }),
    ]);
    expect(two.byCategory).toEqual([
      expect.objectContaining({
        title: 'Пекарня',
        lines: 1,
        goodsSum: 20_000,
        bonusesEarned: earned.bakeryAtTwo,
      }),
    ]);
    const empty = await report(`from=${dayOff(-40)}&to=${dayOff(-30)}`);
    expect(empty.byPoint).toEqual([]);
    expect(empty.byCategory).toEqual([]);
  });

  it('exports both in the CSV, with their sums', async () => {
    const response = await t.app.inject({
      url: `/api/operator/reports/csv?${range()}`,
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { csv } = response.json();
    expect(csv).toContain(';Начислено бонусов;Списано бонусов\r\n');
    expect(csv).toContain('\r\nКатегория;Строк чеков;Сумма товаров, ₽;Начислено бонусов;Списано бонусов\r\n');
    expect(csv).toContain('\r\nКофе;2;600,00;');
    expect(csv).toContain('\r\nБез категории;1;50,00;');
    expect(csv).toMatch(/\r\nВсе категории;6;1.?050,00;/);
  });
});
