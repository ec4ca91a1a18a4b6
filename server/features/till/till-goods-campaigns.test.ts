import { count } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CampaignInput } from '#common/contract/programme';
import { balancesOf } from '#server/core/ledger';
import { catalogueCategories, catalogueItems } from '#server/db/schema/catalogue';
import { campaigns } from '#server/db/schema/programme';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { cardholder, issueKey, memberCode, OPERATOR_TOKEN, till } from '#server/test/till-kit';

/**
 * Campaigns with conditions on goods (issue 29 item 3, decision 062), through the till and the operator's API.
 * Monday 30.11.2026, 12:00 in Moscow: the demo's weekend campaign does not run; point 1 earns 3%.
 */
const MONDAY_NOON = Date.parse('2026-11-30T09:00:00Z');
const PHONE = '79006660062';
const operator = { authorization: `Bearer ${OPERATOR_TOKEN}` };

async function loadCatalogue(t: TestApp) {
  const updatedAt = new Date(MONDAY_NOON);
  await t.deps.db.insert(catalogueCategories).values([
    { id: 'TOB', name: 'Табак', legalGroup: 'TOBACCO', updatedAt },
    { id: 'BAKERY', name: 'Пекарня', updatedAt },
    { id: 'BUNS', parentId: 'BAKERY', name: 'Булочки', updatedAt },
    { id: 'DAIRY', name: 'Молочное', updatedAt },
  ]);
  await t.deps.db.insert(catalogueItems).values([
    { sku: 'BREAD', name: 'Хлеб', categoryId: 'BAKERY', vatRate: 'VAT10', updatedAt },
    { sku: 'BUN', name: 'Булочка', categoryId: 'BUNS', vatRate: 'VAT10', updatedAt },
    { sku: 'MILK', name: 'Молоко', categoryId: 'DAIRY', vatRate: 'VAT10', updatedAt },
    { sku: 'CIG', name: 'Сигареты', categoryId: 'TOB', vatRate: 'VAT22', updatedAt },
  ]);
}

const line = (sku: string, sum: number, quantity = 1) => ({
  sku,
  name: sku,
  quantity,
  price: sum / quantity,
  sum,
});

const goods = (over: object) => ({
  categories: [],
  skus: [],
  excludeCategories: [],
  excludeSkus: [],
  minQuantity: 0,
  minSum: 0,
  ...over,
});

const campaign = (over: Partial<CampaignInput>): CampaignInput => ({
  title: 'Двойные бонусы на выпечку',
  startsOn: '2026-11-01',
  effect: { kind: 'MULTIPLIER', factor: 2 },
  goods: goods({ categories: ['BAKERY'] }),
  priority: 10,
  stacks: true,
  ...over,
});

describe('campaigns with conditions on goods (decision 062)', () => {
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

  const addCampaign = async (body: CampaignInput) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/operator/campaigns',
      headers: operator,
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const post = (path: string, body: object) =>
    till(t, key, 'POST', `/api/till/${path}`, { visitId, ...body });
  const earnedByLine = (body: { lines: Array<{ earned: number }> }) => body.lines.map((l) => l.earned);

  it('doubles the bonuses of the bakery (a category and those below it) and of nothing else', async () => {
    const saved = await addCampaign(campaign({}));
    expect(saved.goods).toEqual(goods({ categories: ['BAKERY'] }));
    const items = [line('BREAD', 100), line('BUN', 50), line('MILK', 100), line('CIG', 250)];
    const preview = await post('preview', { sum: 500, items });
    expect(preview.statusCode, preview.body).toBe(200);
    // 6% of 150 on the bakery, 3% of 100 on the milk, nothing on tobacco.
    expect(preview.json()).toMatchObject({ earned: 12, earnRate: 3 });
    expect(earnedByLine(preview.json())).toEqual([6, 3, 3, 0]);
    // The till's rule text says the campaign's effect is on its goods alone.
    expect(preview.json().earnRules).toContainEqual(
      expect.objectContaining({ title: 'Двойные бонусы на выпечку', effect: '×2 на её товары' }),
    );

    const accrued = await post('accrue', { sum: 500, items, idempotencyKey: 'goods-accrue-1' });
    expect(accrued.statusCode, accrued.body).toBe(200);
    expect(accrued.json().earned).toBe(12);
    expect(earnedByLine(accrued.json())).toEqual([6, 3, 3, 0]);
    expect((await balancesOf(t.deps.db, card.userId)).bonus).toBe(100_000 + 1_200);
  });

  it('never applies to a cheque sent as a sum only, nor to tobacco named in its list', async () => {
    await addCampaign(campaign({ goods: goods({ categories: ['BAKERY', 'TOB'] }) }));
    const sumOnly = await post('accrue', { sum: 100, idempotencyKey: 'goods-sum' });
    expect(sumOnly.json()).toMatchObject({ earned: 3, lines: null });
    expect(sumOnly.json().earnRules.map((r: { kind: string }) => r.kind)).toEqual(['BASE']);
    clock.advance(1000);
    const tobacco = await post('preview', { sum: 350, items: [line('CIG', 250), line('MILK', 100)] });
    expect(tobacco.json()).toMatchObject({ earned: 3 });
    expect(earnedByLine(tobacco.json())).toEqual([0, 3]);
  });

  it('asks the basket for a quantity and a sum of its goods, and puts a fixed bonus on them', async () => {
    await addCampaign(
      campaign({
        title: '50 бонусов за две булочки',
        effect: { kind: 'FIXED', bonuses: 50 },
        goods: goods({ categories: ['BUNS'], minQuantity: 2, minSum: 60 }),
      }),
    );
    const one = await post('preview', { sum: 130, items: [line('BUN', 30), line('MILK', 100)] });
    expect(one.json().earned).toBe(3.9);
    const two = await post('preview', { sum: 160, items: [line('BUN', 60, 2), line('MILK', 100)] });
    // 3% of everything, and the 50 bonuses on the buns' line alone.
    expect(two.json().earned).toBe(54.8);
    expect(earnedByLine(two.json())).toEqual([51.8, 3]);
    const cheap = await post('preview', { sum: 150, items: [line('BUN', 50, 2), line('MILK', 100)] });
    expect(cheap.json().earned).toBe(4.5);
  });

  it('rewards every line but the excluded ones, by SKU or by category', async () => {
    await addCampaign(
      campaign({
        title: '+2% на всё, кроме молочного и булочек',
        effect: { kind: 'EXTRA_PERCENT', percent: 2 },
        goods: goods({ excludeCategories: ['DAIRY'], excludeSkus: ['BUN'] }),
      }),
    );
    const preview = await post('preview', {
      sum: 300,
      items: [line('BREAD', 100), line('BUN', 100), line('MILK', 100)],
    });
    expect(earnedByLine(preview.json())).toEqual([5, 3, 3]);
  });

  it('spends bonuses first and earns on the money paid for each line', async () => {
    await addCampaign(campaign({}));
    const spent = await post('spend', {
      sum: 200,
      bonuses: 50,
      items: [line('BREAD', 100), line('MILK', 100)],
      idempotencyKey: 'goods-spend',
    });
    expect(spent.statusCode, spent.body).toBe(200);
    // 25 bonuses off each line: 6% of 75 and 3% of 75.
    expect(spent.json().lines.map((l: { bonuses: number }) => l.bonuses)).toEqual([25, 25]);
    expect(earnedByLine(spent.json())).toEqual([4.5, 2.25]);
  });

  it('keeps the owner’s cap on one cheque over a goods campaign', async () => {
    const settings = (await t.app.inject({ url: '/api/operator/settings', headers: operator })).json();
    const limits = await t.app.inject({
      method: 'PUT',
      url: '/api/operator/settings',
      headers: operator,
      payload: { ...settings, earnLimits: { ...settings.earnLimits, chequePercent: 5, campaignFactor: 5 } },
    });
    expect(limits.statusCode, limits.body).toBe(200);
    await addCampaign(campaign({ effect: { kind: 'MULTIPLIER', factor: 5 } }));
    const preview = await post('preview', { sum: 200, items: [line('BREAD', 100), line('MILK', 100)] });
    // 15 on the bread and 3 on the milk would be 18: the cap is 5% of 200, kept in their proportion.
    expect(preview.json().earned).toBe(10);
    expect(earnedByLine(preview.json())).toEqual([8.33, 1.67]);
  });

  it('refuses a category the catalogue does not have, or bad codes, naming the field, and saves nothing', async () => {
    const bad: Array<[object, string, string]> = [
      [goods({ categories: ['BAKERY', 'BAKRY'] }), 'goods.categories', 'В каталоге нет категорий: BAKRY'],
      [goods({ excludeCategories: ['NOPE'] }), 'goods.excludeCategories', 'В каталоге нет категорий: NOPE'],
      [goods({ skus: Array.from({ length: 201 }, (_, i) => `S${i}`) }), 'goods.skus', ''],
      [goods({ minQuantity: 1.0005 }), 'goods.minQuantity', ''],
      [goods({ minSum: -1 }), 'goods.minSum', 'Сумма не меньше нуля'],
    ];
    const before = (await t.deps.db.select({ n: count() }).from(campaigns))[0]!.n;
    for (const [g, field, message] of bad) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/operator/campaigns',
        headers: operator,
        payload: campaign({ goods: g as CampaignInput['goods'] }),
      });
      expect(response.statusCode, JSON.stringify(g).slice(0, 60)).toBe(400);
      const fields = response.json().fields ?? {};
      expect(
        Object.keys(fields).some((k) => k.startsWith(field)),
        response.body,
      ).toBe(true);
      if (message) expect(response.json().fields[field]).toBe(message);
    }
    // A code PostgreSQL cannot store is refused before any rule reads it.
    const surrogate = await t.app.inject({
      method: 'POST',
      url: '/api/operator/campaigns',
      headers: operator,
      payload: campaign({ goods: goods({ skus: ['\ud800'] }) as CampaignInput['goods'] }),
    });
    expect(surrogate.statusCode).toBe(400);
    expect((await t.deps.db.select({ n: count() }).from(campaigns))[0]!.n).toBe(before);
  });

  it('stores empty conditions as none: the campaign rewards the whole cheque', async () => {
    const saved = await addCampaign(campaign({ goods: goods({}) }));
    expect(saved.goods).toBeNull();
  });
});
