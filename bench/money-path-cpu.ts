// npx tsx bench/money-path-cpu.ts: whose CPU a payment costs over HTTP, beside what a pgbench transaction costs
// (decision 037). The money path of bench/money-path-http.ts against the built server (`npm run build` first,
// BENCH_WORKERS workers, 1 by default) on the machine's PostgreSQL, then `pgbench -b simple-update` on the same
// server; meanwhile the CPU time of each party is read from /proc (Linux): the server's processes, this load
// generator, PostgreSQL's backends of the database in use and its background processes, and the machine's
// busy time (other people's work included). The payments per second a party's CPU alone would allow on these
// cores is the ceiling it sets. Not part of `npm run bench`: a diagnosis, not a bar.
import { execFile, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/app';
import { assembleDeps } from '../server/assemble-deps';
import { loadConfig } from '../server/config';
import { systemClock } from '../server/core/clock';
import { openDatabase } from '../server/db/client';
import { seedDemoBrand } from '../server/db/seed/demo-brand';
import { createConsoleSmsProvider } from '../server/integrations/sms/console-provider';
import { startServer } from './built-server';
import { cpuMsOf, TICK_MS } from './cpu-time';
import { customer, OTP } from './money-path';
import { logInOverHttp, payOverHttp } from './money-path-http';

const run = promisify(execFile);
const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);
const CLIENTS = 16;
const CORES = availableParallelism();

const appDb = `kopilka_bench_cpu_${process.pid}`;
const pgbenchDb = `kopilka_bench_cpu_pgbench_${process.pid}`;
const urlOf = (name: string) => Object.assign(new URL(SERVER), { pathname: `/${name}` }).toString();
async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: SERVER });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const childrenOf = (pid: number) =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((p) => {
      try {
        return Number(readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === pid;
      } catch {
        return false;
      }
    });
/** The machine's busy CPU in ms, every core and process (idle and iowait left out). */
function machineBusyMs(): number {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
  const idle = ticks[3]! + ticks[4]!;
  return (ticks.slice(0, 8).reduce((a, b) => a + b, 0) - idle) * TICK_MS;
}
/** PostgreSQL's processes doing `database`'s work: its backends and the server's background processes. */
const postgresPids = (database: string) =>
  admin(async (c) => {
    const { rows } = await c.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = $1 or backend_type <> 'client backend'`,
      [database],
    );
    return rows.map((r) => r.pid);
  });
const sum = cpuMsOf;

/** CPU ms each party spends while `work` runs (the pids read when it starts, so they must exist by then). */
async function measure(parties: Record<string, number[]>, self: boolean, work: () => Promise<void>) {
  const before = Object.fromEntries(Object.entries(parties).map(([name, pids]) => [name, sum(pids)]));
  const busy = machineBusyMs();
  const own = process.cpuUsage();
  const started = performance.now();
  await work();
  const used: Record<string, number> = {};
  for (const [name, pids] of Object.entries(parties)) used[name] = sum(pids) - before[name]!;
  if (self) {
    const mine = process.cpuUsage(own);
    used['load generator (this process)'] = (mine.user + mine.system) / 1000;
  }
  return { used, machine: machineBusyMs() - busy, seconds: (performance.now() - started) / 1000 };
}

await admin(async (c) => {
  await c.query(`create database ${appDb}`);
  await c.query(`create database ${pgbenchDb}`);
});
try {
  await run('pgbench', ['-i', '-q', '-s', '1', urlOf(pgbenchDb)]);
  const phones = Array.from({ length: CLIENTS }, (_, i) => `7955${String(50_000_000 + i).slice(1)}`);
  const database = await openDatabase({ kind: 'postgres', url: urlOf(appDb), poolSize: CLIENTS + 4 });
  try {
    await seedDemoBrand(database.db);
    await database.db.execute(
      sql`update brand_settings set settings = jsonb_set(settings, '{maxSpendPercent}', '100'::jsonb)`,
    );
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SMS_TEST_OTP: phones.map((p) => `${p}:${OTP}`).join(','),
    });
    const sms = createConsoleSmsProvider({ clock: systemClock, log: () => undefined });
    const app = await buildApp(assembleDeps({ config, database, sms }), { logger: false });
    for (const [i, phone] of phones.entries()) await customer(app, database.db, phone, i);
    await app.close();
  } finally {
    await database.close();
  }

  const server = await startServer({
    script: 'dist/server/main.js',
    readyPath: '/readyz',
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: urlOf(appDb),
      WEB_CONCURRENCY: String(WORKERS),
      TRUST_PROXY: 'true',
      SEED_DEMO: 'false',
      SMS_TEST_OTP: phones.map((p) => `${p}:${OTP}`).join(','),
    },
  });
  let payments: Awaited<ReturnType<typeof measure>> & { count: number };
  try {
    const tokens = await logInOverHttp(server.url, { phones, otp: OTP });
    await payOverHttp(server.url, tokens, 2); // warm-up: connections, statements, caches
    const parties = {
      [`server (${WORKERS} worker${WORKERS > 1 ? 's' : ''})`]: [server.pid, ...childrenOf(server.pid)],
      PostgreSQL: await postgresPids(appDb),
    };
    let rate = 0;
    const measured = await measure(parties, true, async () => {
      rate = await payOverHttp(server.url, tokens, SECONDS);
    });
    payments = { ...measured, count: rate * measured.seconds };
  } finally {
    await server.stop();
  }

  // pgbench as money-path.ts runs it, measured over its middle seconds.
  const bench = spawn('pgbench', [
    ...['-b', 'simple-update', '-c', String(CLIENTS), '-j', '2', '-T', String(SECONDS + 3), '-n'],
    urlOf(pgbenchDb),
  ]);
  let output = '';
  bench.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const finished = new Promise((resolve) => bench.once('exit', resolve));
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const reference = await measure(
    { 'pgbench (the client)': [bench.pid!], PostgreSQL: await postgresPids(pgbenchDb) },
    false,
    () => new Promise((resolve) => setTimeout(resolve, SECONDS * 1000)),
  );
  await finished;
  const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1]);
  const transactions = tps * reference.seconds;

  const line = (label: string, ms: number, per: number) =>
    console.log(`| ${label} | ${(ms / per).toFixed(2)} ms | ${((CORES * 1000) / (ms / per)).toFixed(0)} |`);
  const report = (title: string, m: typeof reference, per: number, unit: string) => {
    console.log(`\n${title}: ${(per / m.seconds).toFixed(0)} ${unit}/s over ${m.seconds.toFixed(1)} s`);
    console.log(
      `| CPU of | per ${unit.replace(/s$/, '')} | ${unit}/s its CPU alone allows on ${CORES} cores |`,
    );
    let total = 0;
    for (const [party, ms] of Object.entries(m.used)) {
      line(party, ms, per);
      total += ms;
    }
    line('**these together**', total, per);
    line('the machine (everyone, other work included)', m.machine, per);
  };
  console.log(`load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
  report('Money path over HTTP', payments, payments.count, 'payments');
  report('pgbench -b simple-update', reference, transactions, 'transactions');
} finally {
  await admin(async (c) => {
    await c.query(`drop database if exists ${appDb} with (force)`);
    await c.query(`drop database if exists ${pgbenchDb} with (force)`);
  });
}
