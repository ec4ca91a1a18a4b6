import type { FastifyInstance } from 'fastify';
import { getDashboard, getReport, getReportCsv } from '#common/contract/reports';
import type { AppDeps } from '#server/app-deps';
import { registerEndpoint } from '#server/lib/register-endpoint';
import { buildDashboard } from './dashboard';
import { reportCsv } from './report-csv';
import { buildReport } from './report';

/** The console's reports (docs/decisions/031): read-only, so nothing to audit. */
export function registerReportRoutes(app: FastifyInstance, deps: AppDeps) {
  // Reports may be a moment old: they read from the replica when there is one (decision 074), and write the
  // days they close into the rollup on the primary (decision 090).
  const reads = { db: deps.db, readDb: deps.readDb };
  registerEndpoint(app, getReport, async (request) => buildReport(reads, request.query));
  registerEndpoint(app, getReportCsv, async (request) => {
    const report = await buildReport(reads, request.query);
    return { fileName: `report-${report.from}-${report.to}.csv`, csv: reportCsv(report) };
  });
  // The console's home (decision 054): the same reports, today's and the week's.
  registerEndpoint(app, getDashboard, async () => buildDashboard(reads));
}
