import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { callAs } from '#server/test/cabinet-kit';
import { asStaff, staffOfRole } from '#server/test/staff-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { cardholder, OPERATOR_TOKEN } from '#server/test/till-kit';

const MONDAY_NOON = Date.parse('2026-11-30T09:00:00Z');
const MEMBER = '79006660164';

describe('promos in the console and personal coupons in the cabinet (decision 064)', () => {
  let t: TestApp;
  let clock: FakeClock;

  beforeEach(async () => {
    clock = fakeClock(MONDAY_NOON);
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
  });
  afterEach(async () => {
    await t.close();
  });

  it('the marketer creates a promo, generates one-use codes and exports them as CSV; a viewer only reads', async () => {
    const marketer = await staffOfRole(t, clock, OPERATOR_TOKEN, 'marketer');
    const created = await asStaff(t, marketer, {
      method: 'POST',
      url: '/api/operator/promos',
      payload: {
        title: 'Скидка 15% на кофе',
        kind: 'UNIQUE',
        effect: 'DISCOUNT_PERCENT',
        value: 15,
        categoryId: 'COFFEE',
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const promo = created.json();
    expect(promo).toMatchObject({ kind: 'UNIQUE', value: 15, codes: 0, used: 0, code: null });

    const generated = await asStaff(t, marketer, {
      method: 'POST',
      url: `/api/operator/promos/${promo.id}/codes`,
      payload: { count: 2_000 },
    });
    expect(generated.statusCode, generated.body).toBe(200);
    expect(generated.json()).toEqual({ generated: 2_000, codes: 2_000 });

    const exported = await asStaff(t, marketer, {
      method: 'GET',
      url: `/api/operator/promos/${promo.id}/codes/csv`,
    });
    expect(exported.statusCode).toBe(200);
    const rows = exported
      .json()
      .csv.replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe('Код;Статус;Телефон');
    expect(rows).toHaveLength(2_001);
    expect(new Set(rows.slice(1).map((row: string) => row.split(';')[0])).size).toBe(2_000);
    expect(rows[1]).toMatch(/^[2-9A-HJKMNP-Z]{10};свободен;$/);

    // The printable sheet: the free codes, 96 a page, in the CSV's order; a page past the end is empty.
    const sheet = async (page: string) =>
      asStaff(t, marketer, {
        method: 'GET',
        url: `/api/operator/promos/${promo.id}/codes/sheet?page=${page}`,
      });
    const first = (await sheet('1')).json();
    expect(first).toMatchObject({
      title: 'Скидка 15% на кофе',
      endsOn: null,
      page: 1,
      pages: 21,
      total: 2_000,
    });
    expect(first.codes).toEqual(rows.slice(1, 97).map((row: string) => row.split(';')[0]));
    expect((await sheet('21')).json().codes).toHaveLength(2_000 - 20 * 96);
    expect((await sheet('22')).json().codes).toEqual([]);
    for (const bad of ['0', '-1', 'x', '1.5']) expect((await sheet(bad)).statusCode).toBe(400);

    const listed = await asStaff(t, marketer, { method: 'GET', url: '/api/operator/promos' });
    expect(listed.json().find((p: { id: string }) => p.id === promo.id)).toMatchObject({ codes: 2_000 });

    const viewer = await staffOfRole(t, clock, OPERATOR_TOKEN, 'viewer');
    expect((await asStaff(t, viewer, { method: 'GET', url: '/api/operator/promos' })).statusCode).toBe(200);
    const refused = await asStaff(t, viewer, {
      method: 'POST',
      url: `/api/operator/promos/${promo.id}/codes`,
      payload: { count: 1 },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('refuses what does not fit: a shared code twice, codes for a shared promo, a percent over 100', async () => {
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } });
    const shared = { title: 'Лето', kind: 'SHARED', code: 'ЛЕТО', effect: 'BONUS_FIXED', value: 100 };
    const first = await post('/api/operator/promos', shared);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ code: 'ЛЕТО', codes: 1, value: 100 });
    const again = await post('/api/operator/promos', { ...shared, code: 'лето' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'PROMO_CODE_TAKEN']);
    const codes = await post(`/api/operator/promos/${first.json().id}/codes`, { count: 10 });
    expect([codes.statusCode, codes.json().code]).toEqual([409, 'PROMO_KIND']);
    const percent = await post('/api/operator/promos', {
      ...shared,
      code: 'X123',
      effect: 'BONUS_PERCENT',
      value: 150,
    });
    expect(percent.statusCode).toBe(400);
    expect(percent.json().fields.value).toMatch(/Процент/);
    const noCode = await post('/api/operator/promos', { ...shared, code: undefined });
    expect(noCode.statusCode).toBe(400);
  });

  it('a personal coupon issued by phone shows in the member’s cabinet, to use first', async () => {
    await cardholder(t, MEMBER, 0);
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } });
    const promo = await post('/api/operator/promos', {
      title: 'С днём рождения',
      kind: 'PERSONAL',
      effect: 'DISCOUNT_FIXED',
      value: 300,
      endsOn: '2026-12-31',
    });
    const issued = await post(`/api/operator/promos/${promo.json().id}/personal`, { phone: MEMBER });
    expect(issued.statusCode, issued.body).toBe(200);
    const unknown = await post(`/api/operator/promos/${promo.json().id}/personal`, { phone: '79006660999' });
    expect(unknown.statusCode).toBe(404);

    const mine = await callAs(t, MEMBER, 'GET', '/api/user/coupons');
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual([
      {
        code: issued.json().code,
        title: 'С днём рождения',
        effect: 'DISCOUNT_FIXED',
        value: 300,
        endsOn: '2026-12-31',
        status: 'FREE',
      },
    ]);
    expect((await callAs(t, '79006660165', 'GET', '/api/user/coupons')).json()).toEqual([]);
  });
});
