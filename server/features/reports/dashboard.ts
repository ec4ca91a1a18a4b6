import type { DashboardPeriod, Report } from '#common/contract/reports';
import { readBrandSettings } from '#server/core/brand-settings';
import { buildReport } from './report';
import { addDays } from './report-queries';
import { todayIn, type ReportDbs } from './rollup';

/** The days the home's second column spans: the last 7, today included (decision 054). */
export const DASHBOARD_WEEK_DAYS = 7;

const periodOf = (report: Report): DashboardPeriod => ({
  from: report.from,
  to: report.to,
  newMembers: report.totals.newMembers,
  bonusesIssued: report.totals.bonuses.issued,
  bonusesSpent: report.totals.bonuses.spent,
  liabilityOpening: report.totals.bonuses.opening,
  liability: report.totals.bonuses.outstanding,
  payments: { count: report.totals.payments.count, total: report.totals.payments.total },
});

/**
 * The console's home (decision 054): today's and the last 7 days' figures, each the totals of the very report
 * the figure links to (`buildReport`, decision 031), so the home and the report never disagree. Today is the
 * database's day in the brand's time zone, as the reports' rollup takes it.
 */
export async function buildDashboard(deps: ReportDbs) {
  const { timeZone } = await readBrandSettings(deps.db);
  const today = await todayIn(deps.db, timeZone);
  const day = await buildReport(deps, { from: today, to: today }, { today, breakdowns: false });
  const week = await buildReport(
    deps,
    { from: addDays(today, 1 - DASHBOARD_WEEK_DAYS), to: today },
    { today, breakdowns: false },
  );
  return { timeZone, today: periodOf(day), week: periodOf(week) };
}
