import { count } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { campaigns } from '#server/db/schema/programme';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { callAs } from '#server/test/cabinet-kit';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { creditMoney, customerWithBonuses } from '#server/test/payments-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { cardholder, issueKey, memberCode, OPERATOR_TOKEN, till } from '#server/test/till-kit';

const operator = { authorization: `Bearer ${OPERATOR_TOKEN}` };
const WEEKEND = 'Двойные бонусы на выпечку по выходным';
/** Saturday 28.11.2026, 12:00 in Moscow (the demo brand's zone). */
const SATURDAY_NOON = Date.parse('2026-11-28T09:00:00Z');
const HOUR = 3_600_000;
const BAKERY = 2; // earns 7%, in the demo's weekend campaign

const happyHours = {
  title: 'Счастливые часы',
  startsOn: '2026-11-01',
  hours: { from: '10:00', to: '12:00' },
  pointIds: [1],
  effect: { kind: 'EXTRA_PERCENT', percent: 5 },
};

describe('programme rules: campaigns, the preview and every accrual naming its rules', () => {
  let t: TestApp;
  let clock: FakeClock;
  beforeEach(async () => {
    clock = fakeClock(SATURDAY_NOON);
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
  });
  afterEach(async () => {
    await assertLedgerInvariants(t.deps.db, { now: clock.now() });
    await t.close();
  });

  const op = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: operator });
  const preview = (body: object) => op('POST', '/api/operator/earn-preview', body);
  const campaignCount = async () => (await t.deps.db.select({ n: count() }).from(campaigns))[0]!.n;

  it('lets only the operator edit campaigns, validates each field with a 400 and changes nothing', async () => {
    expect((await t.app.inject('/api/operator/campaigns')).statusCode).toBe(401);
    const seeded = (await op('GET', '/api/operator/campaigns')).json();
    expect(seeded).toMatchObject([
      { title: WEEKEND, weekdays: [6, 7], effect: { kind: 'MULTIPLIER', factor: 2 }, goods: null },
      // The demo's goods campaign (decision 062): the coffee shop's goods, on receipts with lines only.
      { effect: { kind: 'EXTRA_PERCENT', percent: 2 }, goods: { categories: ['coffee'] } },
    ]);
    const before = await campaignCount();
    for (const bad of [
      { ...happyHours, weekdays: [0] },
      { ...happyHours, weekdays: [6, 6] },
      { ...happyHours, endsOn: '2026-10-01' },
      { ...happyHours, hours: { from: '10:00', to: '10:00' } },
      { ...happyHours, hours: { from: '25:00', to: '10:00' } },
      { ...happyHours, effect: { kind: 'MULTIPLIER', factor: 0.5 } },
      { ...happyHours, effect: { kind: 'FIXED', bonuses: -1 } },
      { ...happyHours, effect: { kind: 'DISCOUNT', percent: 5 } },
      { ...happyHours, minCheque: -1 },
      { ...happyHours, startsOn: '2026-02-30' },
      { ...happyHours, title: ' ' },
    ]) {
      const response = await op('POST', '/api/operator/campaigns', bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
    }
    expect(await campaignCount()).toBe(before);

    const created = await op('POST', '/api/operator/campaigns', happyHours);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id;
    expect(created.json()).toMatchObject({
      ...happyHours,
      endsOn: null,
      weekdays: [],
      stacks: false,
      active: true,
    });
    const updated = await op('PUT', `/api/operator/campaigns/${id}`, { ...happyHours, priority: 5 });
    expect(updated.json()).toMatchObject({ id, priority: 5 });
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await op('PUT', `/api/operator/campaigns/${missing}`, happyHours)).statusCode).toBe(404);
    expect((await op('DELETE', `/api/operator/campaigns/${id}`)).json()).toEqual({ deleted: true });
    expect((await op('DELETE', `/api/operator/campaigns/${id}`)).statusCode).toBe(404);
    expect(await campaignCount()).toBe(before);
  });

  it("previews the weekend campaign in the brand's time zone: ×2 on Saturday and Sunday only", async () => {
    const at = (iso: string) => preview({ retailPointId: BAKERY, sum: 100, at: iso });
    const saturday = (await at('2026-11-28T12:00:00+03:00')).json();
    expect(saturday).toMatchObject({ earn: 14 });
    expect(saturday.rules).toEqual([
      { kind: 'BASE', id: null, title: 'Базовое начисление 7%', percent: 7, from: 'POINT' },
      { kind: 'CAMPAIGN', id: expect.any(String), title: WEEKEND, effect: '×2' },
    ]);
    expect((await at('2026-11-29T23:59:00+03:00')).json().earn).toBe(14);
    expect((await at('2026-11-30T00:00:00+03:00')).json().earn).toBe(7);
    // Friday 23:30 in UTC is already Saturday in Moscow.
    expect((await at('2026-11-27T23:30:00Z')).json().earn).toBe(14);
    expect((await preview({ retailPointId: 1, sum: 100, at: '2026-11-28T12:00:00+03:00' })).json().earn).toBe(
      3,
    );
    expect((await preview({ retailPointId: 999, sum: 100 })).statusCode).toBe(404);
    expect((await preview({ retailPointId: BAKERY, sum: 100, at: 'суббота' })).statusCode).toBe(400);
  });

  it('shows a campaign on its days and hides it after (the moved clock)', async () => {
    const active = async () =>
      ((await t.app.inject('/api/campaigns/active')).json() as Array<{ title: string }>).filter(
        (c) => c.title === WEEKEND,
      );
    expect(await active()).toEqual([
      { id: expect.any(String), title: WEEKEND, description: expect.any(String), endsOn: '2026-12-31' },
    ]);
    clock.advance(2 * 24 * HOUR); // Monday
    expect(await active()).toEqual([]);
  });

  it('the till accrues by the campaign hours and names the rules in its answer and the cabinet', async () => {
    const tenToEleven = { ...happyHours, hours: { from: '10:00', to: '10:35' } };
    expect((await op('POST', '/api/operator/campaigns', tenToEleven)).statusCode).toBe(200);
    clock.advance(22 * HOUR + HOUR / 2); // Sunday 10:30 in Moscow
    const { key } = await issueKey(t, 1);
    const card = await cardholder(t, '79001112233', 0);
    const accrueAt = async (idempotencyKey: string) => {
      const code = memberCode(card, clock.now().getTime());
      const visit = await till(t, key, 'POST', '/api/till/verify', { code });
      expect(visit.statusCode, visit.body).toBe(200);
      const body = { visitId: visit.json().visitId, sum: 100, idempotencyKey };
      return till(t, key, 'POST', '/api/till/accrue', body);
    };
    const inHours = await accrueAt('accrue-in-hours');
    expect(inHours.json()).toMatchObject({
      earned: 8,
      earnRules: [{ kind: 'BASE' }, { kind: 'CAMPAIGN', title: 'Счастливые часы' }],
    });
    clock.advance(5 * 60_000); // 10:35: the end is excluded (and the access token still valid)
    const after = await accrueAt('accrue-after-hours');
    expect(after.json()).toMatchObject({ earned: 3, earnRules: [{ kind: 'BASE' }] });
    const history = (await callAs(t, '79001112233', 'GET', '/api/user/operations')).json().operations;
    expect(history[0]).toMatchObject({ amountEarn: 3, earnRules: [{ kind: 'BASE' }] });
    expect(history[1]).toMatchObject({
      amountEarn: 8,
      earnRules: [{ kind: 'BASE' }, { title: 'Счастливые часы' }],
    });
  });

  it('the shop draft at a bakery on Saturday earns double, and its cheque names the campaign', async () => {
    const phone = '79001112244';
    const userId = await customerWithBonuses(t, phone, 0);
    await creditMoney(t, userId, 500);
    const created = await callAs(t, phone, 'POST', '/api/loyalty/createDraft', {
      retailPointId: BAKERY,
      paySum: 200,
    });
    const draft = created.json().data;
    expect(draft).toMatchObject({
      leftToPay: 0,
      accountChanges: [{ type: 'GLOBAL', earn: 28 }, { spend: 200 }],
    });
    expect(draft.earnRules.map((r: { title: string }) => r.title)).toEqual([
      'Базовое начисление 7%',
      WEEKEND,
    ]);
    const done = await callAs(t, phone, 'POST', '/api/loyalty/processDraft', {
      draftId: draft.draftId,
      returnUrl: 'http://localhost:3000/loyalty/finish?p=2',
    });
    expect(done.json().data).toMatchObject({ status: 0, earned: 28 });
    const cheque = await t.app.inject(
      new URL(done.json().data.chequeUrl).pathname + new URL(done.json().data.chequeUrl).search,
    );
    expect(cheque.body).toContain(WEEKEND);
  });
});
