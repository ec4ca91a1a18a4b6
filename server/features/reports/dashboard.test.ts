import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDay } from '#common/lib/format';
import { fakeClock } from '#server/test/auth-kit';
import { asStaff, staffOfRole } from '#server/test/staff-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { cardholder, issueKey, memberCode, OPERATOR_TOKEN, till } from '#server/test/till-kit';
import { buildReport } from './report';
import { addDays } from './report-queries';

const TZ = 'Europe/Moscow';
const operator = { authorization: `Bearer ${OPERATOR_TOKEN}` };

/** The console's home (decision 054): one call, the reports' own figures for today and the last 7 days. */
describe('the console home: today and the week', () => {
  let t: TestApp;
  const clock = fakeClock(Date.now());
  const dashboard = async () => {
    const response = await t.app.inject({ url: '/api/operator/reports/dashboard', headers: operator });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
  });
  afterAll(() => t.close());

  it("answers today's and the week's figures in the brand's zone, each the totals of its report", async () => {
    const before = await dashboard();
    // A new member earns at the till and pays part of a cheque with bonuses: every figure moves today.
    const { key } = await issueKey(t);
    const card = await cardholder(t, '79007790001', 300);
    const visit = async () => {
      clock.advance(121_000);
      const verified = await till(t, key, 'POST', '/api/till/verify', {
        code: memberCode(card, clock.now().getTime()),
      });
      return verified.json().visitId as string;
    };
    const accrued = await till(t, key, 'POST', '/api/till/accrue', {
      visitId: await visit(),
      sum: 1000,
      idempotencyKey: 'dash-accrue-1',
    });
    expect(accrued.statusCode, accrued.body).toBe(200);
    const held = await till(t, key, 'POST', '/api/till/spend', {
      visitId: await visit(),
      sum: 500,
      bonuses: 100,
      idempotencyKey: 'dash-spend-1',
    });
    const confirmed = await till(t, key, 'POST', `/api/till/operations/${held.json().operationId}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const after = await dashboard();
    const today = calendarDay(new Date(), TZ);
    expect(after.timeZone).toBe(TZ);
    expect(after.today).toMatchObject({ from: today, to: today });
    expect(after.week).toMatchObject({ from: addDays(today, -6), to: today });
    expect(after.today.newMembers).toBe(before.today.newMembers + 1);
    expect(after.today.bonusesSpent - before.today.bonusesSpent).toBe(10_000);
    expect(after.today.bonusesIssued).toBeGreaterThan(before.today.bonusesIssued);
    expect(after.today.payments.count - before.today.payments.count).toBe(2);
    expect(after.today.payments.total - before.today.payments.total).toBe(150_000);
    expect(after.week.payments.count - before.week.payments.count).toBe(2);

    // Each figure is its report's: the link on the home opens the same numbers.
    for (const period of [after.today, after.week]) {
      const report = await buildReport(t.deps, { from: period.from, to: period.to });
      expect(period).toEqual({
        from: report.from,
        to: report.to,
        newMembers: report.totals.newMembers,
        bonusesIssued: report.totals.bonuses.issued,
        bonusesSpent: report.totals.bonuses.spent,
        liabilityOpening: report.totals.bonuses.opening,
        liability: report.totals.bonuses.outstanding,
        payments: { count: report.totals.payments.count, total: report.totals.payments.total },
      });
    }
    expect(after.today.liability).toBe(after.week.liability);
  });

  it('is read with the reports permission: the accountant may, the marketer and support may not', async () => {
    const accountant = await staffOfRole(t, clock, OPERATOR_TOKEN, 'accountant');
    const read = (who: typeof accountant) =>
      asStaff(t, who, { method: 'GET', url: '/api/operator/reports/dashboard' });
    expect((await read(accountant)).statusCode).toBe(200);
    for (const role of ['marketer', 'support'] as const) {
      const refused = await read(await staffOfRole(t, clock, OPERATOR_TOKEN, role));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('FORBIDDEN');
    }
  });
});
