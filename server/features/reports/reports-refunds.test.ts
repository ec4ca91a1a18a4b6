import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock } from '#server/test/auth-kit';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { cardholder, issueKey, memberCode, OPERATOR_TOKEN, till } from '#server/test/till-kit';
import { buildReport } from './report';

/** Monday 23.11.2026, 12:00 in Moscow, and the Tuesday after: both ended days for the rollup. */
const MONDAY = '2026-11-23';
const TUESDAY = '2026-11-24';
const MONDAY_NOON = Date.parse('2026-11-23T09:00:00Z');

/**
 * The reports' payments (decision 031) date a till operation by its completion and its whole refund by the
 * refund's time (decision 083): a payment refunded the next day stays on its own day, and the refund takes its
 * figures back on the day it was made, so a day the rollup closed never needs its figures moved.
 */
describe('the reports’ payments: a till payment and its refund on their own days', () => {
  let t: TestApp;
  const clock = fakeClock(MONDAY_NOON);
  let key: string;
  let operationId: string;

  beforeAll(async () => {
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
    key = (await issueKey(t, 1)).key;
    const card = await cardholder(t, '79007780101', 0);
    clock.advance(121_000);
    const visit = await till(t, key, 'POST', '/api/till/verify', {
      code: memberCode(card, clock.now().getTime()),
    });
    const accrued = await till(t, key, 'POST', '/api/till/accrue', {
      visitId: visit.json().visitId,
      sum: 1000,
      idempotencyKey: 'report-refund-1',
    });
    expect(accrued.json(), accrued.body).toMatchObject({ state: 'COMPLETED' });
    operationId = accrued.json().operationId;
  });
  afterAll(async () => {
    await assertLedgerInvariants(t.deps.db, { now: clock.now() });
    await t.close();
  });

  const paymentsOf = async (options: { today?: string } = {}) => {
    const r = await buildReport(t.deps, { from: MONDAY, to: TUESDAY, points: '1' }, options);
    const day = (d: string) => r.days.find((row) => row.day === d)!.payments;
    return { monday: day(MONDAY), tuesday: day(TUESDAY), totals: r.totals.payments };
  };

  it('counts the payment on Monday, and its refund on Tuesday less, from the rollup and live alike', async () => {
    // Monday ends (Tuesday is today) and is rolled up with the payment in it.
    const before = await buildReport(t.deps, { from: MONDAY, to: MONDAY, points: '1' }, { today: TUESDAY });
    expect(before.totals.payments).toMatchObject({ count: 1, total: 100_000, till: 100_000 });

    clock.advance(86_400_000);
    const refunded = await till(t, key, 'POST', `/api/till/operations/${operationId}/refund`);
    expect(refunded.json(), refunded.body).toMatchObject({ state: 'REFUNDED' });

    const monday = { count: 1, total: 100_000, till: 100_000, bonuses: 0, card: 0 };
    const tuesday = { count: -1, total: -100_000, till: -100_000, bonuses: 0, card: 0 };
    const totals = { count: 0, total: 0, till: 0 };
    // Tuesday live (as if it were today), Monday from the rollup written before the refund.
    expect(await paymentsOf({ today: TUESDAY })).toMatchObject({ monday, tuesday, totals });
    // Both days ended: Tuesday is rolled up too, with the same figures.
    expect(await paymentsOf()).toMatchObject({ monday, tuesday, totals });
  });
});
