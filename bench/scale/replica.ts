// npm run bench:scale:replica: read routing on PostgreSQL as production runs it (decisions 074, 078). A primary
// of its own (initdb into a temp dir, port 5434, so the shared server's other databases are not copied), a
// 20,000-member chain generated into it (bench:scale:generate), a real streaming replica (pg_basebackup -R,
// port 5433) and PgBouncer in transaction mode in front of the primary; then one workload three times: reads
// (cabinet history pages, a month's report) with shop payments among them, (A) all on the primary, (B) reads on
// the replica, (C) the replica stopped half-way. The primary's and the replica's pg_stat_database counts show
// whose load it was; a request that failed would be counted. Everything it started is stopped at the end.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '#server/app';
import { assembleDeps } from '#server/assemble-deps';
import { systemClock } from '#server/core/clock';
import { loadConfig } from '#server/config';
import { openDatabase, type Database } from '#server/db/client';
import { listOperations } from '#server/features/cabinet/operations';
import { buildReport } from '#server/features/reports/report';
import { createConsoleSmsProvider } from '#server/integrations/sms/console-provider';
import { startPgbouncer, type RunningPgbouncer } from '#server/test/pgbouncer';
import { printTable, type Row } from '../lib';
import { customer, OTP, payOnce } from '../money-path';
import { PAYERS, phoneOf } from './context';
import { scaleDatabaseName, urlOf, withClient } from './database';

const BIN = '/usr/lib/postgresql/15/bin';
const MEMBERS = 20_000;
const READS = Number(process.env.BENCH_REPLICA_READS ?? 600);
const PRIMARY_PORT = 5434;
const REPLICA_PORT = 5433;
const dir = mkdtempSync(join(tmpdir(), 'kopilka-replica-'));
const server = (port: number) => `postgres://postgres@127.0.0.1:${port}/postgres`;
const name = scaleDatabaseName(MEMBERS);
const asPostgres = (command: string, args: string[]) =>
  execFileSync('runuser', ['-u', 'postgres', '--', join(BIN, command), ...args], { stdio: 'pipe' });
const pgCtl = (data: string, action: 'start' | 'stop', port: number) =>
  asPostgres('pg_ctl', [
    '-D',
    data,
    '-w',
    '-l',
    join(dir, `${port}.log`),
    '-o',
    `-p ${port} -k ${dir}`,
    '-m',
    'fast',
    action,
  ]);

interface Counts {
  xacts: number;
  tuples: number;
}
const countsOf = (port: number): Promise<Counts> =>
  withClient(urlOf(name, server(port)), async (c) => {
    const { rows } = await c.query<{ xacts: string; tuples: string }>(
      `select xact_commit + xact_rollback as xacts, tup_returned + tup_fetched as tuples
       from pg_stat_database where datname = current_database()`,
    );
    return { xacts: Number(rows[0]!.xacts), tuples: Number(rows[0]!.tuples) };
  }).catch(() => ({ xacts: NaN, tuples: NaN }));

async function startClusters() {
  chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), 0);
  asPostgres('initdb', ['-D', join(dir, 'primary'), '--auth', 'trust', '-U', 'postgres']);
  pgCtl(join(dir, 'primary'), 'start', PRIMARY_PORT);
  const generated = spawnSync('npx', ['tsx', 'bench/scale/generate.ts', '--members', String(MEMBERS)], {
    env: { ...process.env, BENCH_DATABASE_URL: server(PRIMARY_PORT) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (generated.status !== 0) throw new Error('the generator failed');
  asPostgres('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(PRIMARY_PORT),
    '-U',
    'postgres',
    '-D',
    join(dir, 'replica'),
    '-R',
    '-X',
    'stream',
  ]);
  pgCtl(join(dir, 'replica'), 'start', REPLICA_PORT);
}

/** Reads (history pages of random members, every 50th a month's report) with a payment every 10th. */
async function workload(
  database: Database,
  tokens: string[],
  app: Awaited<ReturnType<typeof buildApp>>,
  halfway?: () => void,
) {
  const ids = (
    (await database.db.execute('select id from users order by id limit 2000')) as unknown as {
      rows: Array<{ id: string }>;
    }
  ).rows.map((r) => r.id);
  let failed = 0;
  const started = performance.now();
  for (let i = 0; i < READS; i++) {
    if (i === READS / 2) halfway?.();
    try {
      if (i % 50 === 0)
        await buildReport(
          { db: database.db, readDb: database.readDb },
          { from: '2026-10-01', to: '2026-10-30' },
        );
      else await listOperations(database.readDb, ids[i % ids.length]!, 1 + (i % 3));
      if (i % 10 === 0) await payOnce(app, tokens[i % tokens.length]!);
    } catch {
      failed++;
    }
  }
  return { failed, seconds: (performance.now() - started) / 1000 };
}

async function phase(
  label: string,
  pooler: RunningPgbouncer,
  withReplica: boolean,
  stopReplica = false,
): Promise<Row> {
  const database = await openDatabase({
    kind: 'postgres',
    url: urlOf(name, pooler.urlFor(server(PRIMARY_PORT))),
    poolSize: 4,
    namedStatements: false, // Debian's PgBouncer is 1.18 (decision 078)
    ...(withReplica && { replica: { url: urlOf(name, server(REPLICA_PORT)), maxLagMs: 5000, probeMs: 500 } }),
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SMS_TEST_OTP: PAYERS.map((n) => `${phoneOf(n)}:${OTP}`).join(','),
  });
  const sms = createConsoleSmsProvider({ clock: systemClock, log: () => undefined });
  const app = await buildApp(assembleDeps({ config, database, sms }), { logger: false });
  try {
    const tokens = await Promise.all(PAYERS.map((n, i) => customer(app, database.db, phoneOf(n), i)));
    if (withReplica) await new Promise((resolve) => setTimeout(resolve, 1500)); // the first lag probes
    const [p0, r0] = [await countsOf(PRIMARY_PORT), await countsOf(REPLICA_PORT)];
    const stop = () => pgCtl(join(dir, 'replica'), 'stop', REPLICA_PORT);
    const run = await workload(database, tokens, app, stopReplica ? stop : undefined);
    const [p1, r1] = [await countsOf(PRIMARY_PORT), await countsOf(REPLICA_PORT)];
    const replica = Number.isNaN(r1.tuples)
      ? 'stopped'
      : `${r1.xacts - r0.xacts} xacts, ${r1.tuples - r0.tuples} tuples`;
    return {
      figure: label,
      value: `primary: ${p1.xacts - p0.xacts} xacts, ${(p1.tuples - p0.tuples).toLocaleString('en')} tuples`,
      reference: `replica: ${replica}`,
      ratio: `${run.seconds.toFixed(1)} s`,
      bar: 'no failed request',
      verdict: run.failed ? `MISSED (${run.failed} failed)` : 'ok',
    };
  } finally {
    await app.close();
    await database.close();
  }
}

let pooler: RunningPgbouncer | undefined;
try {
  await startClusters();
  pooler = await startPgbouncer(server(PRIMARY_PORT), { poolSize: 4 });
  const rows = [
    await phase('(A) no replica: everything on the primary, through PgBouncer', pooler, false),
    await phase('(B) reads on the streaming replica', pooler, true),
    await phase('(C) the replica stopped half-way', pooler, true, true),
  ];
  console.log(
    `npm run bench:scale:replica: ${MEMBERS.toLocaleString('en')} members; ${READS} reads (history pages, a ` +
      `month's report every 50th) and ${READS / 10} shop payments per run; primary ${PRIMARY_PORT} behind ` +
      `PgBouncer ${execFileSync('pgbouncer', ['--version']).toString().split('\n')[0]} (transaction mode), ` +
      `streaming replica ${REPLICA_PORT}\n`,
  );
  printTable(rows);
} finally {
  await pooler?.stop();
  for (const [data, port] of [
    ['replica', REPLICA_PORT],
    ['primary', PRIMARY_PORT],
  ] as const) {
    try {
      pgCtl(join(dir, data), 'stop', port);
    } catch {
      // not running (stopped by phase C, or never started)
    }
  }
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
