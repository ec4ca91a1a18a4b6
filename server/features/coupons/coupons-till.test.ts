import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { releaseExpiredCoupons } from '#server/core/coupons/holds';
import { releaseAllExpiredHolds } from '#server/hold-release-job';
import { balancesOf } from '#server/core/ledger';
import { catalogueCategories, catalogueItems } from '#server/db/schema/catalogue';
import { couponUses, promoCodes } from '#server/db/schema/coupons';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { callAs } from '#server/test/cabinet-kit';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { asStaff, staffOfRole } from '#server/test/staff-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { cardholder, issueKey, memberCode, OPERATOR_TOKEN, till } from '#server/test/till-kit';

/** Monday 30.11.2026, 12:00 in Moscow: no demo campaign runs; point 1 earns 3%, bonuses pay up to 50%. */
const MONDAY_NOON = Date.parse('2026-11-30T09:00:00Z');
const BUYER = '79006660064';
const OTHER = '79006660065';

const operator = (t: TestApp, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } });

async function newPromo(t: TestApp, input: object) {
  const response = await operator(t, 'POST', '/api/operator/promos', input);
  if (response.statusCode !== 200) throw new Error(`promo ${response.statusCode}: ${response.body}`);
  return response.json() as { id: string; code: string | null };
}

/** One one-use code of a new UNIQUE promo. */
async function oneUseCode(t: TestApp, input: object = {}) {
  const promo = await newPromo(t, {
    title: 'Скидка 10%',
    kind: 'UNIQUE',
    effect: 'DISCOUNT_PERCENT',
    value: 10,
    ...input,
  });
  await operator(t, 'POST', `/api/operator/promos/${promo.id}/codes`, { count: 1 });
  const [row] = await t.deps.db.select().from(promoCodes).where(eq(promoCodes.promoId, promo.id));
  return row!.code;
}

const line = (sku: string, sum: number) => ({ sku, name: sku, quantity: 1, price: sum, sum });

describe('coupons at the till (decision 064)', () => {
  let t: TestApp;
  let clock: FakeClock;
  let key: string;
  const visits: Record<string, string> = {};

  const openVisit = async (phone: string) => {
    const card = await cardholder(t, phone, 100);
    const opened = await till(t, key, 'POST', '/api/till/verify', {
      code: memberCode(card, clock.now().getTime()),
    });
    visits[phone] = opened.json().visitId;
    return card;
  };
  const statusOf = async (code: string) =>
    (await t.deps.db.select().from(promoCodes).where(eq(promoCodes.code, code)))[0]!.status;
  const post = (phone: string, path: string, body: object) =>
    till(t, key, 'POST', `/api/till/${path}`, { visitId: visits[phone], ...body });

  beforeEach(async () => {
    clock = fakeClock(MONDAY_NOON);
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
    const updatedAt = new Date(MONDAY_NOON);
    await t.deps.db.insert(catalogueCategories).values([
      { id: 'TOB', name: 'Табак', legalGroup: 'TOBACCO', updatedAt },
      { id: 'COFFEE', name: 'Кофе', updatedAt },
      { id: 'COFFEE-BEANS', parentId: 'COFFEE', name: 'Зерно', updatedAt },
    ]);
    await t.deps.db.insert(catalogueItems).values([
      { sku: 'CIG', name: 'Сигареты', categoryId: 'TOB', vatRate: 'VAT22', updatedAt },
      { sku: 'BEANS', name: 'Кофе в зёрнах', categoryId: 'COFFEE-BEANS', vatRate: 'VAT22', updatedAt },
      { sku: 'MILK', name: 'Молоко', vatRate: 'VAT10', updatedAt },
    ]);
    key = (await issueKey(t)).key;
  });
  afterEach(async () => {
    await assertLedgerInvariants(t.deps.db, { now: clock.now() });
    await t.close();
  });

  it('a shared code: the preview holds it and shows each line’s discount (none on tobacco); the accrual uses it', async () => {
    await openVisit(BUYER);
    await newPromo(t, {
      title: 'Лето',
      kind: 'SHARED',
      code: 'лето',
      effect: 'DISCOUNT_PERCENT',
      value: 10,
      perMemberLimit: 1,
    });
    const items = [line('BEANS', 333.33), line('CIG', 200), line('MILK', 66.67)];
    const preview = await post(BUYER, 'preview', { sum: 600, items, coupon: 'ЛЕТО' });
    expect(preview.statusCode, preview.body).toBe(200);
    const figures = preview.json();
    // 10% of the 400 ₽ that may take a discount, spread kopeck-exact; the cigarettes keep their price.
    expect(figures.coupon).toMatchObject({ code: 'ЛЕТО', discount: 40, bonuses: 0 });
    expect(figures.coupon.lines).toEqual([
      { line: 1, discount: 33.33 },
      { line: 2, discount: 0 },
      { line: 3, discount: 6.67 },
    ]);
    expect(figures.sum).toBe(560);
    expect(figures.lines.map((l: { sum: number }) => l.sum)).toEqual([300, 200, 60]);
    // Earns 3% of the 360 ₽ that may earn (tobacco does not).
    expect(figures.earned).toBe(10.8);

    const accrued = await post(BUYER, 'accrue', {
      sum: 600,
      items,
      coupon: 'ЛЕТО',
      idempotencyKey: 'accrue-0001',
    });
    expect(accrued.statusCode, accrued.body).toBe(200);
    expect(accrued.json()).toMatchObject({ sum: 560, earned: 10.8, coupon: { code: 'ЛЕТО', discount: 40 } });
    // The same call again answers the same operation.
    const again = await post(BUYER, 'accrue', {
      sum: 600,
      items,
      coupon: 'ЛЕТО',
      idempotencyKey: 'accrue-0001',
    });
    expect(again.json().operationId).toBe(accrued.json().operationId);
    const uses = await t.deps.db.select().from(couponUses);
    expect(uses.map((u) => [u.state, u.discount])).toEqual([['used', 4000]]);
    // The member's history names the code with the purchase (issue 29, item 7).
    const history = (await callAs(t, BUYER, 'GET', '/api/user/operations')).json().operations;
    expect(history[0].coupon).toEqual({ code: 'ЛЕТО', promo: 'Лето', discount: 40, bonuses: 0 });
    // One use per member: the next visit's try is refused, and nothing is held.
    const refused = await post(BUYER, 'preview', { sum: 100, coupon: 'ЛЕТО' });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'COUPON_LIMIT']);
  });

  it('two tills racing for one one-use code: exactly one holds it; a cancelled spend frees it, a confirmed one uses it', async () => {
    await openVisit(BUYER);
    await openVisit(OTHER);
    const code = await oneUseCode(t);
    const [a, b] = await Promise.all([
      post(BUYER, 'preview', { sum: 100, coupon: code }),
      post(OTHER, 'preview', { sum: 100, coupon: code }),
    ]);
    const codes = [a, b].map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().code).toBe('COUPON_USED');
    expect(loser.json().message).toMatch(/уже использован/);
    const winner = a.statusCode === 200 ? BUYER : OTHER;
    const other = winner === BUYER ? OTHER : BUYER;

    // The winner spends with it, then cancels: the code is free for the other till.
    const held = await post(winner, 'spend', {
      sum: 100,
      bonuses: 10,
      coupon: code,
      idempotencyKey: 'spend-0001',
    });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json()).toMatchObject({ state: 'HELD', sum: 90, spent: 10, coupon: { discount: 10 } });
    const cancelled = await till(t, key, 'POST', `/api/till/operations/${held.json().operationId}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await statusOf(code)).toBe('free');

    const spent = await post(other, 'spend', {
      sum: 100,
      bonuses: 10,
      coupon: code,
      idempotencyKey: 'spend-0002',
    });
    expect(spent.statusCode, spent.body).toBe(200);
    const confirmed = await till(t, key, 'POST', `/api/till/operations/${spent.json().operationId}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ state: 'COMPLETED', coupon: { code } });
    expect(await statusOf(code)).toBe('used');
    const used = await post(winner, 'preview', { sum: 100, coupon: code });
    expect([used.statusCode, used.json().code]).toEqual([409, 'COUPON_USED']);
  });

  it('a hold nobody closes is released at its expiry', async () => {
    await openVisit(BUYER);
    await openVisit(OTHER);
    const code = await oneUseCode(t);
    expect((await post(BUYER, 'preview', { sum: 100, coupon: code })).statusCode).toBe(200);
    expect((await post(OTHER, 'preview', { sum: 100, coupon: code })).statusCode).toBe(409);
    clock.advance(16 * 60_000);
    expect(await releaseExpiredCoupons(t.deps.db, clock.now())).toBe(1);
    expect(await statusOf(code)).toBe('free');
  });

  it('a total limit counts the uses held and made; a spend’s code goes back when its hold expires', async () => {
    await openVisit(BUYER);
    const other = await openVisit(OTHER);
    await newPromo(t, {
      title: 'Первым двум',
      kind: 'SHARED',
      code: 'ПЕРВЫЙ',
      effect: 'DISCOUNT_FIXED',
      value: 20,
      totalLimit: 1,
    });
    const held = await post(BUYER, 'spend', {
      sum: 100,
      bonuses: 10,
      coupon: 'ПЕРВЫЙ',
      idempotencyKey: 'spend-0003',
    });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json()).toMatchObject({ sum: 80, coupon: { discount: 20 } });
    const refused = await post(OTHER, 'preview', { sum: 100, coupon: 'ПЕРВЫЙ' });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'COUPON_LIMIT']);
    // The spend is never confirmed: the till's own expiry gives the bonuses and the code back.
    clock.advance(16 * 60_000);
    expect(await releaseAllExpiredHolds(t.deps, () => {})).toMatchObject({ till: 1 });
    const [use] = await t.deps.db.select().from(couponUses);
    expect(use!.state).toBe('released');
    const reopened = await till(t, key, 'POST', '/api/till/verify', {
      code: memberCode(other, clock.now().getTime()),
    });
    visits[OTHER] = reopened.json().visitId;
    const now = await post(OTHER, 'preview', { sum: 100, coupon: 'ПЕРВЫЙ' });
    expect(now.statusCode, now.body).toBe(200);
  });

  it('extra bonuses: a percent of the eligible lines’ money, in the earn and its lines', async () => {
    const card = await openVisit(BUYER);
    await newPromo(t, {
      title: 'Кофейные бонусы',
      kind: 'SHARED',
      code: 'COFFEE5',
      effect: 'BONUS_PERCENT',
      value: 5,
      categoryId: 'COFFEE',
    });
    const items = [line('BEANS', 500), line('MILK', 100)];
    const accrued = await post(BUYER, 'accrue', {
      sum: 600,
      items,
      coupon: 'coffee5',
      idempotencyKey: 'bonus-0001',
    });
    expect(accrued.statusCode, accrued.body).toBe(200);
    // 3% of 600 ₽ = 18, and 5% of the coffee's 500 ₽ = 25.
    expect(accrued.json()).toMatchObject({ sum: 600, earned: 43, coupon: { bonuses: 25, discount: 0 } });
    expect(accrued.json().lines.map((l: { earned: number }) => l.earned)).toEqual([40, 3]);
    expect(accrued.json().earnRules.at(-1)).toMatchObject({
      kind: 'COUPON',
      title: 'Промокод «Кофейные бонусы»',
    });
    expect((await balancesOf(t.deps.db, card.userId)).bonus).toBe(10_000 + 4_300);
  });

  it('a marketer’s code cannot mint past the owner’s limits; the owner’s stays within the cheque’s cap', async () => {
    // The marketer's limits are the campaigns' (decision 046): 500 fixed bonuses, +10 %.
    const marketer = await staffOfRole(t, clock, OPERATOR_TOKEN, 'marketer');
    const promo = {
      title: 'Миллион бонусов',
      kind: 'SHARED',
      code: 'MINT',
      effect: 'BONUS_FIXED',
      value: 100_000,
    };
    const refused = await asStaff(t, marketer, {
      method: 'POST',
      url: '/api/operator/promos',
      payload: promo,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'CAMPAIGN_LIMIT',
      message: 'Бонусов больше предела 500: такой промокод сохраняет только владелец программы',
    });
    const percent = { ...promo, code: 'MINT2', effect: 'BONUS_PERCENT', value: 50 };
    const alsoRefused = await asStaff(t, marketer, {
      method: 'POST',
      url: '/api/operator/promos',
      payload: percent,
    });
    expect(alsoRefused.json().code).toBe('CAMPAIGN_LIMIT');
    const titles = (await operator(t, 'GET', '/api/operator/promos'))
      .json()
      .map((p: { title: string }) => p.title);
    expect(titles).not.toContain('Миллион бонусов');

    // The owner may save it, but one cheque still earns at most half of itself, all rules and the code together.
    await newPromo(t, promo);
    const card = await openVisit(BUYER);
    const accrued = await post(BUYER, 'accrue', { sum: 100, coupon: 'mint', idempotencyKey: 'mint-0001' });
    expect(accrued.statusCode, accrued.body).toBe(200);
    expect(accrued.json()).toMatchObject({ earned: 50, coupon: { bonuses: 47 } });
    expect((await balancesOf(t.deps.db, card.userId)).bonus).toBe(10_000 + 5_000);
  });

  it('refusals in Russian with their codes, and nothing held', async () => {
    await openVisit(BUYER);
    const unknown = await post(BUYER, 'preview', { sum: 100, coupon: 'НЕТТАКОГО' });
    expect([unknown.statusCode, unknown.json().code]).toEqual([400, 'COUPON_UNKNOWN']);
    expect(unknown.json().message).toMatch(/Такого промокода нет/);
    await newPromo(t, {
      title: 'Осень',
      kind: 'SHARED',
      code: 'ОСЕНЬ',
      effect: 'DISCOUNT_FIXED',
      value: 50,
      endsOn: '2026-11-29',
    });
    const expired = await post(BUYER, 'preview', { sum: 100, coupon: 'ОСЕНЬ' });
    expect([expired.statusCode, expired.json().code]).toEqual([409, 'COUPON_EXPIRED']);
    await newPromo(t, {
      title: 'Кофе',
      kind: 'SHARED',
      code: 'BEANS50',
      effect: 'DISCOUNT_FIXED',
      value: 50,
      categoryId: 'COFFEE',
    });
    const sumOnly = await post(BUYER, 'preview', { sum: 100, coupon: 'BEANS50' });
    expect([sumOnly.statusCode, sumOnly.json().code]).toEqual([400, 'COUPON_NEEDS_LINES']);
    const tobacco = await post(BUYER, 'preview', { sum: 200, items: [line('CIG', 200)], coupon: 'BEANS50' });
    expect([tobacco.statusCode, tobacco.json().code]).toEqual([409, 'COUPON_NOT_APPLICABLE']);
    const bad = await post(BUYER, 'preview', { sum: 100, coupon: 'a' });
    expect(bad.statusCode).toBe(400);
    expect(await t.deps.db.select().from(couponUses)).toEqual([]);
    const card = await post(BUYER, 'card-payment', {
      sum: 100,
      coupon: 'BEANS50',
      idempotencyKey: 'card-0001',
    });
    expect(card.statusCode).toBe(400);
  });

  it('a paused promo’s code is refused until it is resumed; its name, days and limits change, its effect does not', async () => {
    await openVisit(BUYER);
    const promo = await newPromo(t, {
      title: 'Зима',
      kind: 'SHARED',
      code: 'ЗИМА',
      effect: 'DISCOUNT_FIXED',
      value: 50,
    });
    const change = (body: object) => operator(t, 'PUT', `/api/operator/promos/${promo.id}`, body);
    const base = { title: 'Зима', startsOn: null, endsOn: null, perMemberLimit: null, totalLimit: null };
    const paused = await change({ ...base, paused: true });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({ paused: true, code: 'ЗИМА', codes: 1 });
    const refused = await post(BUYER, 'preview', { sum: 100, coupon: 'зима' });
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      'Акция по этому промокоду приостановлена',
    ]);
    const resumed = await change({ ...base, title: 'Зимняя скидка', totalLimit: 5, paused: false });
    expect(resumed.json()).toMatchObject({ title: 'Зимняя скидка', totalLimit: 5, paused: false, value: 50 });
    expect((await post(BUYER, 'preview', { sum: 100, coupon: 'зима' })).json().coupon).toMatchObject({
      discount: 50,
    });
    // The effect is not in the body: a try to change it is a 400 that changes nothing.
    expect((await change({ ...base, paused: false, value: 500 })).statusCode).toBe(400);
    expect(
      (await change({ ...base, paused: false, endsOn: '2026-01-01', startsOn: '2026-02-01' })).statusCode,
    ).toBe(400);
    expect(
      (await operator(t, 'PUT', `/api/operator/promos/${crypto.randomUUID()}`, { ...base, paused: true }))
        .statusCode,
    ).toBe(404);
  });
});
