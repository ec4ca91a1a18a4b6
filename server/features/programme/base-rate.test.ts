import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandSettings } from '#server/db/schema/brand';
import { retailPoints } from '#server/db/schema/content';
import { fakeClock } from '#server/test/auth-kit';
import { callAs } from '#server/test/cabinet-kit';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { createDraft } from '#server/test/payments-kit';
import { asStaff, staffOfRole, type StaffLogin } from '#server/test/staff-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { cardholder, issueKey, memberCode, OPERATOR_TOKEN, till } from '#server/test/till-kit';

/** Monday 30.11.2026, 12:00 in Moscow: the demo's weekend campaign does not run. */
const MONDAY_NOON = Date.parse('2026-11-30T09:00:00Z');

const pointBody = (title: string, currentBonus: number | null | string) => ({
  title,
  phone: '',
  rating: 0,
  currentBonus,
  firmId: 1,
  categoryName: 'Магазин',
  address: { city: 'Казань', street: 'Баумана', house: '1', latitude: null, longitude: null },
  workingHours: '',
});

/**
 * Issue 27 item 8: the earn rate could only be set per point. The chain's base rate (decision 055) lives in the
 * programme's settings; a point follows it (currentBonus null) or has its own; the till, the shop's payment, the
 * preview, the point card and the payment page all use the rate in force.
 */
describe("the chain's base earn rate", () => {
  let t: TestApp;
  const clock = fakeClock(MONDAY_NOON);
  let owner: StaffLogin;
  let marketer: StaffLogin;
  let viewer: StaffLogin;
  let support: StaffLogin;
  beforeAll(async () => {
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
    owner = await staffOfRole(t, clock, OPERATOR_TOKEN, 'owner');
    marketer = await staffOfRole(t, clock, OPERATOR_TOKEN, 'marketer');
    viewer = await staffOfRole(t, clock, OPERATOR_TOKEN, 'viewer');
    support = await staffOfRole(t, clock, OPERATOR_TOKEN, 'support');
  });
  afterAll(async () => {
    await assertLedgerInvariants(t.deps.db);
    await t.close();
  });

  const as = (who: StaffLogin, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    asStaff(t, who, { method, url, ...(payload && { payload }) });
  const settings = async () =>
    (await as(owner, 'GET', '/api/operator/settings')).json<Record<string, unknown>>();
  const setBase = async (baseEarnPercent: unknown, who = marketer) =>
    as(who, 'PUT', '/api/operator/settings', { ...(await settings()), baseEarnPercent });
  const addPoint = async (title: string, currentBonus: number | null) => {
    const created = await as(marketer, 'POST', '/api/operator/points', pointBody(title, currentBonus));
    expect(created.statusCode, created.body).toBe(200);
    return created.json<{ id: number }>().id;
  };
  const publicRate = async (id: number) =>
    (await t.app.inject({ url: `/api/points/${id}` })).json<{ point: { currentBonus: number } }>().point
      .currentBonus;
  const paymentPageRate = async (retailPointId: number) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/loyalty/getRetailPointInfo',
        payload: { retailPointId },
      })
    ).json<{ currentBonus: number }>().currentBonus;

  it('is a programme setting the marketer saves, the viewer may not, and a bad value is a clear 400', async () => {
    expect((await settings()).baseEarnPercent).toBe(5); // the demo brand's
    const saved = await setBase(4);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await settings()).baseEarnPercent).toBe(4);

    const refused = await setBase(6, viewer);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');

    for (const [bad, message] of [
      [3.5, 'Ставка: целое число процентов, без дробной части'],
      [101, 'Ставка: от 0 до 100 %'],
      [-1, 'Ставка: от 0 до 100 %'],
      ['5', 'Ставка: число процентов'],
    ] as const) {
      const response = await setBase(bad);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION', fields: { baseEarnPercent: message } });
    }
    expect((await settings()).baseEarnPercent).toBe(4);
  });

  it('lets a point follow the base or override it, in the console and on every customer-facing page', async () => {
    expect((await setBase(4)).statusCode).toBe(200);
    const follows = await addPoint('Следует ставке сети', null);
    const own = await addPoint('Своя ставка', 7);
    const listed = (await as(viewer, 'GET', '/api/operator/points')).json<
      { id: number; currentBonus: number | null }[]
    >();
    expect(listed.find((p) => p.id === follows)!.currentBonus).toBeNull();
    expect(listed.find((p) => p.id === own)!.currentBonus).toBe(7);
    expect(await publicRate(follows)).toBe(4);
    expect(await paymentPageRate(follows)).toBe(4);
    expect(await publicRate(own)).toBe(7);

    // One change of the base reaches every follower, and no point with its own rate.
    expect((await setBase(6)).statusCode).toBe(200);
    expect(await publicRate(follows)).toBe(6);
    expect(await paymentPageRate(follows)).toBe(6);
    expect(await publicRate(own)).toBe(7);
    const all = (await t.app.inject({ url: '/api/points' })).json<{
      points: { id: number; currentBonus: number }[];
    }>();
    expect(all.points.find((p) => p.id === follows)!.currentBonus).toBe(6);

    // The point switched to its own rate and back.
    const body = pointBody('Следует ставке сети', 9);
    expect((await as(marketer, 'PUT', `/api/operator/points/${follows}`, body)).statusCode).toBe(200);
    expect(await publicRate(follows)).toBe(9);
    const back = await as(marketer, 'PUT', `/api/operator/points/${follows}`, {
      ...body,
      currentBonus: null,
    });
    expect(back.statusCode).toBe(200);
    expect(await publicRate(follows)).toBe(6);

    // Bad rates are refused by field; support (no content rights) may not change a point at all.
    for (const bad of [2.5, 101, -3, '7']) {
      const refused = await as(
        marketer,
        'PUT',
        `/api/operator/points/${follows}`,
        pointBody('x', bad as never),
      );
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().fields).toHaveProperty('currentBonus');
    }
    const bySupport = await as(support, 'PUT', `/api/operator/points/${follows}`, pointBody('x', 3));
    expect(bySupport.statusCode).toBe(403);
    const [row] = await t.deps.db.select().from(retailPoints).where(eq(retailPoints.id, follows));
    expect(row!.currentBonus).toBeNull();
    expect(row!.title).toBe('Следует ставке сети');
  });

  it('earns at the rate in force at the till, in the shop and in the preview', async () => {
    expect((await setBase(4)).statusCode).toBe(200);
    const follows = await addPoint('Касса по ставке сети', null);
    const member = await cardholder(t, '79556000001', 0);
    const { key } = await issueKey(t, follows);
    const visit = (
      await till(t, key, 'POST', '/api/till/verify', { code: memberCode(member, clock.now().getTime()) })
    ).json<{ visitId: string; point: { currentBonus: number; earnFrom: string } }>();
    expect(visit.point).toMatchObject({ currentBonus: 4, earnFrom: 'CHAIN' });
    const accrue = (sum: number, idempotencyKey: string) =>
      till(t, key, 'POST', '/api/till/accrue', { visitId: visit.visitId, sum, idempotencyKey });
    const first = await accrue(1000, 'base-rate-1');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      earned: 40,
      earnRate: 4,
      earnRules: [{ kind: 'BASE', percent: 4, from: 'CHAIN' }],
    });

    expect((await setBase(6, owner)).statusCode).toBe(200);
    expect((await accrue(1000, 'base-rate-2')).json()).toMatchObject({ earned: 60, earnRate: 6 });

    const draft = await createDraft(t, '79556000001', {
      retailPointId: follows,
      paySum: 1000,
      spendBonus: false,
      payType: 'CARD',
    });
    expect(draft.accountChanges[0]).toMatchObject({ type: 'GLOBAL', earn: 60 });

    const preview = await as(marketer, 'POST', '/api/operator/earn-preview', {
      retailPointId: follows,
      sum: 1000,
      at: '2026-11-30T12:00:00+03:00',
    });
    expect(preview.json()).toMatchObject({ earn: 60, rules: [{ kind: 'BASE', percent: 6, from: 'CHAIN' }] });
    // A point's own rate wins over the base.
    const demo = await as(marketer, 'POST', '/api/operator/earn-preview', {
      retailPointId: 1,
      sum: 1000,
      at: '2026-11-30T12:00:00+03:00',
    });
    expect(demo.json()).toMatchObject({ earn: 30, rules: [{ kind: 'BASE', percent: 3, from: 'POINT' }] });
    expect((await callAs(t, '79556000001', 'POST', '/api/loyalty/getUserBalance', {})).statusCode).toBe(200);
  });

  it('migrates a chain: one shared rate becomes the base that every point follows; differing rates stay', async () => {
    const migration = readFileSync(
      new URL('../../db/migrations/0025_earn_base_rate.sql', import.meta.url),
      'utf8',
    );
    const dataSteps = migration
      .split('--> statement-breakpoint')
      .filter((s) => /UPDATE/.test(s))
      .map((s) => s.trim());
    expect(dataSteps).toHaveLength(2);
    const run = async () => {
      await t.deps.db.execute(sql`update brand_settings set settings = settings - 'baseEarnPercent'`);
      for (const step of dataSteps) await t.deps.db.execute(sql.raw(step));
      t.deps.cache.invalidate();
    };
    // The demo's points at 3..10 % (and this file's): the commonest rate (ties: the lowest) is the base, and
    // each point keeps its own, so no earn changes.
    const before = await t.deps.db.select().from(retailPoints);
    await t.deps.db
      .update(retailPoints)
      .set({ currentBonus: 8 })
      .where(sql`${retailPoints.currentBonus} is null`);
    const rates = (await t.deps.db.select().from(retailPoints)).map((p) => p.currentBonus!);
    const times = (r: number) => rates.filter((x) => x === r).length;
    const commonest = [...new Set(rates)].sort((a, b) => times(b) - times(a) || a - b)[0];
    await run();
    const [stored] = await t.deps.db.select().from(brandSettings);
    expect(stored!.settings.baseEarnPercent).toBe(commonest);
    expect((await t.deps.db.select().from(retailPoints)).every((p) => p.currentBonus !== null)).toBe(true);

    // Fourteen points at 5 % (the issue's "14 edits"): the base is 5 and they all follow it.
    await t.deps.db.update(retailPoints).set({ currentBonus: 5 });
    await run();
    const [after] = await t.deps.db.select().from(brandSettings);
    expect(after!.settings.baseEarnPercent).toBe(5);
    expect((await t.deps.db.select().from(retailPoints)).every((p) => p.currentBonus === null)).toBe(true);
    expect(before.length).toBeGreaterThan(0);
  });
});
