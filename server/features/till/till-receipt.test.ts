import { count } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { balancesOf } from '#server/core/ledger';
import {
  catalogueBarcodes,
  catalogueCategories,
  catalogueItems,
  receiptLines,
} from '#server/db/schema/catalogue';
import { tillOperations } from '#server/db/schema/till';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { asStaff, staffOfRole } from '#server/test/staff-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { callAs } from '#server/test/cabinet-kit';
import { cardholder, issueKey, memberCode, OPERATOR_TOKEN, till } from '#server/test/till-kit';

/** Monday 30.11.2026, 12:00 in Moscow: the demo's weekend campaign does not run; point 1 earns 3%, limit 50%. */
const MONDAY_NOON = Date.parse('2026-11-30T09:00:00Z');
const PHONE = '79006660029';

/** A catalogue: tobacco as a category group (its child inherits it), bakery, and a sale category bonuses never pay. */
async function loadCatalogue(t: TestApp) {
  const updatedAt = new Date(MONDAY_NOON);
  await t.deps.db.insert(catalogueCategories).values([
    { id: 'TOB', name: 'Табак', legalGroup: 'TOBACCO', updatedAt },
    { id: 'TOB-CIG', parentId: 'TOB', name: 'Сигареты', updatedAt },
    { id: 'BAKERY', name: 'Пекарня', updatedAt },
    { id: 'SALE', name: 'Распродажа', noSpend: true, updatedAt },
  ]);
  await t.deps.db.insert(catalogueItems).values([
    { sku: 'BREAD', name: 'Хлеб', categoryId: 'BAKERY', vatRate: 'VAT10', updatedAt },
    { sku: 'CIG', name: 'Сигареты', categoryId: 'TOB-CIG', vatRate: 'VAT22', updatedAt },
    { sku: 'CAKE', name: 'Торт', categoryId: 'SALE', vatRate: 'VAT22', updatedAt },
  ]);
  await t.deps.db.insert(catalogueBarcodes).values({ barcode: '4600000000011', sku: 'BREAD' });
}

/** The texts' non-breaking spaces (between thousands, before ₽) as plain ones, to compare. */
const spaced = (text: string) => text.replace(/\u00a0/g, ' ');

const line = (name: string, sum: number, extra: object = {}) => ({
  name,
  quantity: 1,
  price: sum,
  sum,
  ...extra,
});

describe('the till with a receipt’s lines (issue 29)', () => {
  let t: TestApp;
  let clock: FakeClock;
  let key: string;
  let card: Awaited<ReturnType<typeof cardholder>>;
  let visitId: string;

  beforeEach(async () => {
    clock = fakeClock(MONDAY_NOON);
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
    await loadCatalogue(t);
    key = (await issueKey(t)).key;
    card = await cardholder(t, PHONE, 1000);
    const opened = await till(t, key, 'POST', '/api/till/verify', {
      code: memberCode(card, clock.now().getTime()),
    });
    visitId = opened.json().visitId;
  });
  afterEach(async () => {
    await assertLedgerInvariants(t.deps.db, { now: clock.now() });
    await t.close();
  });

  const post = (path: string, body: object) =>
    till(t, key, 'POST', `/api/till/${path}`, { visitId, ...body });
  const written = async () => ({
    operations: (await t.deps.db.select({ n: count() }).from(tillOperations))[0]!.n,
    lines: (await t.deps.db.select({ n: count() }).from(receiptLines))[0]!.n,
  });

  it('accrues only on lines that may earn: tobacco (by its category, or an unknown SKU’s named category) earns nothing', async () => {
    const accrued = await post('accrue', {
      sum: 450,
      idempotencyKey: 'receipt-accrue-1',
      items: [
        line('Хлеб', 100, { sku: 'BREAD' }),
        line('Сигареты', 250, { sku: 'CIG' }),
        line('Сигариллы', 50, { sku: 'UNKNOWN-1', category: 'TOB-CIG' }),
        line('Пакет', 50),
      ],
    });
    expect(accrued.statusCode, accrued.body).toBe(200);
    const body = accrued.json();
    expect(body).toMatchObject({ kind: 'ACCRUE', sum: 450, earned: 4.5 }); // 3% of 100 + 50
    expect(
      body.lines.map((l: { earned: number; legalGroup: string | null }) => [l.earned, l.legalGroup]),
    ).toEqual([
      [3, null],
      [0, 'TOBACCO'],
      [0, 'TOBACCO'],
      [1.5, null],
    ]);
    expect(body.lines[1]).toMatchObject({ line: 2, sku: 'CIG', maxBonuses: 0, bonuses: 0, net: 250 });
    expect((await balancesOf(t.deps.db, card.userId)).bonus).toBe(100_450);
    // The cabinet's history shows the purchase's lines with their bonuses.
    const history = (await callAs(t, PHONE, 'GET', '/api/user/operations')).json().operations;
    expect(history[0].lines).toEqual([
      { name: 'Хлеб', quantity: 1, sum: 100, spent: 0, earned: 3 },
      { name: 'Сигареты', quantity: 1, sum: 250, spent: 0, earned: 0 },
      { name: 'Сигариллы', quantity: 1, sum: 50, spent: 0, earned: 0 },
      { name: 'Пакет', quantity: 1, sum: 50, spent: 0, earned: 1.5 },
    ]);
    // «Скачать мои данные» carries them too: in the JSON, and a column of the CSV.
    const exported = (await callAs(t, PHONE, 'GET', '/api/user/export')).json();
    expect(exported.data.operations[0].lines).toEqual(history[0].lines);
    const [header, row] = (exported.operationsCsv as string).split('\r\n');
    expect(header!.split(';').at(-1)).toBe('Товары');
    expect(row!.split(';"').at(-1)).toBe(
      'Хлеб × 1 — 100,00 ₽; Сигареты × 1 — 250,00 ₽; Сигариллы × 1 — 50,00 ₽; Пакет × 1 — 50,00 ₽"',
    );
  });

  it('a receipt of tobacco alone earns nothing, even with a campaign’s fixed bonus', async () => {
    const owner = await staffOfRole(t, clock, OPERATOR_TOKEN, 'owner');
    const saved = await asStaff(t, owner, {
      method: 'POST',
      url: '/api/operator/campaigns',
      payload: {
        title: 'Подарок',
        startsOn: '2026-11-01',
        effect: { kind: 'FIXED', bonuses: 100 },
        priority: 100,
        stacks: true,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const tobacco = await post('accrue', {
      sum: 250,
      idempotencyKey: 'receipt-tobacco',
      items: [line('Сигареты', 250, { sku: 'CIG' })],
    });
    expect(tobacco.json()).toMatchObject({ earned: 0, earnRules: [] });
    const bread = await post('accrue', {
      sum: 1000,
      idempotencyKey: 'receipt-bread',
      items: [line('Хлеб', 1000, { barcode: '4600000000011' })],
    });
    expect(bread.json().earned).toBe(130); // 3% and the fixed 100
  });

  it('spreads the bonuses spent over the lines that take them, within each line’s limit, and confirms with the same lines', async () => {
    const items = [
      line('Хлеб', 100, { barcode: '4600000000011' }),
      line('Батон', 33.33, { sku: 'BREAD' }),
      line('Торт', 200, { sku: 'CAKE' }),
      line('Сигареты', 250, { sku: 'CIG' }),
    ];
    const preview = await post('preview', { sum: 583.33, items, bonuses: 60 });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ maxBonuses: 66.66, bonuses: 60 });
    expect(preview.json().lines.map((l: { maxBonuses: number }) => l.maxBonuses)).toEqual([50, 16.66, 0, 0]);
    expect(await written()).toEqual({ operations: 0, lines: 0 });

    const tooMuch = await post('spend', {
      sum: 583.33,
      items,
      bonuses: 70,
      idempotencyKey: 'receipt-spend-0',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(spaced(tooMuch.json().message)).toBe(
      'Бонусами можно оплатить не больше 66,66 бонуса: часть товаров бонусами не оплачивается',
    );

    const held = await post('spend', { sum: 583.33, items, bonuses: 60, idempotencyKey: 'receipt-spend-1' });
    expect(held.statusCode, held.body).toBe(200);
    const shares = held.json().lines.map((l: { bonuses: number }) => l.bonuses);
    expect(shares).toEqual([45, 15, 0, 0]); // 60 × 100 / 133.33 = 45.001…, the kopeck to the larger remainder
    expect(held.json().lines.map((l: { net: number }) => l.net)).toEqual([55, 18.33, 200, 250]);
    const confirmed = await till(t, key, 'POST', `/api/till/operations/${held.json().operationId}/confirm`);
    expect(confirmed.json()).toMatchObject({ state: 'COMPLETED', spent: 60 });
    expect(confirmed.json().lines).toEqual(held.json().lines);
    const earned = confirmed
      .json()
      .lines.reduce((sum: number, l: { earned: number }) => sum + l.earned * 100, 0);
    expect(Math.round(earned)).toBe(Math.round(confirmed.json().earned * 100)); // (55 + 18.33 + 200) × 3%
    const visit = await till(t, key, 'GET', `/api/till/visits/${visitId}`);
    expect(visit.json().operations[0].lines).toEqual(held.json().lines);
  });

  it('a receipt whose goods bonuses never pay for has nothing to spend', async () => {
    const refused = await post('spend', {
      sum: 250,
      items: [line('Сигареты', 250, { sku: 'CIG' })],
      idempotencyKey: 'receipt-spend-cig',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Списывать нечего: товары этого чека бонусами не оплачиваются');
  });

  it('answers a repeated key with its first operation, and refuses it with another receipt', async () => {
    const items = [line('Хлеб', 100, { sku: 'BREAD' })];
    const first = await post('accrue', { sum: 100, items, idempotencyKey: 'receipt-repeat' });
    const again = await post('accrue', { sum: 100, items, idempotencyKey: 'receipt-repeat' });
    expect(again.json()).toEqual(first.json());
    const other = await post('accrue', {
      sum: 100,
      items: [line('Хлеб ржаной', 100, { sku: 'BREAD' })],
      idempotencyKey: 'receipt-repeat',
    });
    expect(other.statusCode).toBe(409);
    const sumOnly = await post('accrue', { sum: 100, idempotencyKey: 'receipt-repeat' });
    expect(sumOnly.statusCode).toBe(409);
  });

  it('refuses a receipt that does not add up or breaks a line’s rule with a 400 naming it, and writes nothing', async () => {
    const cases: Array<[object, string]> = [
      [
        { sum: 100, items: [line('Хлеб', 90)] },
        'Строки чека в сумме 90,00 ₽, а чек — 100,00 ₽: разница 10,00 ₽',
      ],
      [
        { sum: 100, items: [{ name: 'Хлеб', quantity: 2, price: 40, sum: 100 }] },
        'Строка 1: цена × количество − скидка = 80,00 ₽, а в строке 100,00 ₽',
      ],
      [{ sum: 100, items: [{ name: 'Хлеб', quantity: 0, price: 100, sum: 100 }] }, 'Количество: больше нуля'],
      [
        { sum: 100, items: [{ name: 'Хлеб', quantity: -1, price: 100, sum: 100 }] },
        'Количество: больше нуля',
      ],
      [
        { sum: 100, items: [{ name: 'Сыр', quantity: 0.1234, price: 100, sum: 12.34 }] },
        'Количество: не больше трёх знаков после запятой',
      ],
      [
        { sum: 100, items: Array.from({ length: 1001 }, () => line('Хлеб', 0.1)) },
        'Строки чека: не больше 1000',
      ],
      [{ sum: 100, items: [line('\ud800', 100)] }, ''],
      [{ sum: 100, items: [] }, 'Строки чека: хотя бы одна'],
    ];
    for (const [body, message] of cases) {
      for (const path of ['accrue', 'spend', 'preview']) {
        const refused = await post(
          path,
          path === 'preview' ? body : { ...body, idempotencyKey: 'receipt-bad-1' },
        );
        expect(refused.statusCode, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
        if (message)
          expect(spaced(refused.json().fields[Object.keys(refused.json().fields)[0]!])).toBe(message);
      }
    }
    expect(await written()).toEqual({ operations: 0, lines: 0 });
  });

  it('keeps goods by weight to the gram and a sum-only cheque exactly as before (no lines)', async () => {
    const weighed = await post('accrue', {
      sum: 311.95,
      items: [{ sku: 'CHEESE', name: 'Сыр, вес', quantity: 0.347, price: 899, sum: 311.95 }],
      idempotencyKey: 'receipt-weight',
    });
    expect(weighed.statusCode, weighed.body).toBe(200);
    expect(weighed.json().lines[0]).toMatchObject({ quantity: 0.347, sum: 311.95, earned: 9.35 });
    const plain = await post('accrue', { sum: 311.95, idempotencyKey: 'receipt-plain' });
    expect(plain.json()).toMatchObject({ earned: 9.35, lines: null });
  });
});
