// npm run bench: every speed figure of docs/design/quality.md in ONE table, each beside its reference
// measured in the same run on this machine (absolute numbers move on a shared machine; ratios hold), with the
// bar and a verdict. Each part also runs alone (bench/<part>.ts; bench:lighthouse, bench:money).
// BENCH_ONLY=content,money,history,members,reports,catalogue,receipt,coupons,webhooks,lighthouse,js,cold picks parts; the other knobs are in the README.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { printTable, type Report, type Row } from './lib';

interface Part {
  id: string;
  name: string;
  /** Measures the built app (dist/). */
  needsBuild: boolean;
  run(): Promise<Report>;
}

const PARTS: Part[] = [
  {
    id: 'content',
    name: 'content reads',
    needsBuild: false,
    run: async () => (await import('./content-reads')).contentReadsReport(),
  },
  {
    id: 'money',
    name: 'money path',
    needsBuild: false,
    run: async () => (await import('./money-path')).moneyPathReport(),
  },
  {
    id: 'history',
    name: 'history at scale',
    needsBuild: true,
    run: async () => (await import('./history')).historyReport(),
  },
  {
    id: 'members',
    name: 'member search at scale',
    needsBuild: false,
    run: async () => (await import('./member-search')).memberSearchReport(),
  },
  {
    id: 'reports',
    name: 'reports at scale',
    needsBuild: false,
    run: async () => (await import('./reports')).reportsReport(),
  },
  {
    id: 'catalogue',
    name: 'catalogue load at scale',
    needsBuild: false,
    run: async () => (await import('./catalogue-import')).catalogueImportReport(),
  },
  {
    id: 'receipt',
    name: 'a 30-line receipt with 50 campaigns',
    needsBuild: false,
    run: async () => (await import('./receipt-campaigns')).receiptCampaignsReport(),
  },
  {
    id: 'coupons',
    name: 'one-use codes raced by two tills',
    needsBuild: false,
    run: async () => (await import('./coupon-race')).couponRaceReport(),
  },
  {
    id: 'webhooks',
    name: 'events out: a till accrual with and without an endpoint',
    needsBuild: false,
    run: async () => (await import('./webhooks')).webhooksReport(),
  },
  {
    id: 'segments',
    name: 'segment counts at 1,000,000 members',
    needsBuild: false,
    run: async () => (await import('./segments')).segmentsReport(),
  },
  {
    id: 'lighthouse',
    name: 'Lighthouse',
    needsBuild: true,
    run: async () => (await import('./lighthouse')).lighthouseReport(),
  },
  {
    id: 'js',
    name: 'first-load JavaScript',
    needsBuild: true,
    run: async () => (await import('./first-load-js')).firstLoadJsReport(),
  },
  {
    id: 'cold',
    name: 'cold start',
    needsBuild: true,
    run: async () => (await import('./cold-start')).coldStartReport(),
  },
];

const only = process.env.BENCH_ONLY?.split(',').map((id) => id.trim());
const parts = only ? PARTS.filter((p) => only.includes(p.id)) : PARTS;
if (only && parts.length !== only.length) {
  console.error(
    `BENCH_ONLY: unknown part in "${only.join(',')}"; the parts are ${PARTS.map((p) => p.id).join(',')}`,
  );
  process.exit(2);
}

const built = () => existsSync('dist/server/main.js') && existsSync('dist/client/.vite/manifest.json');
if (parts.some((p) => p.needsBuild) && !built()) {
  console.error('dist/ is missing: building it first (npm run build)');
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const load = () => loadavg()[0]!.toFixed(1);
const started = Date.now();
const loadAtStart = load();
const rows: Row[] = [];
const notes: string[] = [];
for (const part of parts) {
  const partStarted = Date.now();
  process.stderr.write(`${part.name}...\n`);
  try {
    const report = await part.run();
    rows.push(...report.rows);
    notes.push(...report.notes);
  } catch (error) {
    rows.push({
      figure: part.name,
      value: `failed: ${(error as Error).message}`,
      reference: '',
      ratio: '',
      bar: '',
      verdict: 'FAILED',
    });
    process.exitCode = 1;
  }
  process.stderr.write(`${part.name}: ${((Date.now() - partStarted) / 1000).toFixed(0)} s\n`);
}

console.log(
  `npm run bench, ${new Date(started).toISOString()}: ${cpus().length} cores, load average ${loadAtStart} at the ` +
    `start and ${load()} at the end, ${((Date.now() - started) / 60_000).toFixed(1)} min`,
);
console.log('');
printTable(rows);
console.log('');
for (const note of notes) console.log(note);
// A broken ledger invariant (the money path's second row) fails the run, as a part that failed does.
if (rows.some((row) => row.bar === 'hold' && row.verdict === 'MISSED')) process.exitCode = 1;
// Lighthouse, Playwright and the database clients may leave handles behind; the table is out.
process.exit(process.exitCode ?? 0);
