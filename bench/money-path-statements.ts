// npx tsx bench/money-path-statements.ts: where one payment's time goes (decision 021's method, decision 035).
// The money path of bench/money-path.ts (create + process + complete a bonus-only draft, in process through
// app.inject) on the machine's PostgreSQL, with every statement the pool's clients send counted and timed per
// step; the triggers' own time from pg_stat_user_functions (track_functions = 'all' on the bench's database);
// Node's CPU per payment; then 16 payers at once with pg_stat_activity sampled every 20 ms for what the backends
// wait on. Not part of `npm run bench`: a diagnosis, not a bar.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/app';
import { assembleDeps } from '../server/assemble-deps';
import { loadConfig } from '../server/config';
import { systemClock } from '../server/core/clock';
import { openDatabase } from '../server/db/client';
import { seedDemoBrand } from '../server/db/seed/demo-brand';
import { createConsoleSmsProvider } from '../server/integrations/sms/console-provider';
import { customer, OTP } from './money-path';

const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 300);
const CLIENTS = 16;
const STEPS = ['create', 'process', 'complete'] as const;
type Step = (typeof STEPS)[number];

const dbName = `kopilka_bench_statements_${process.pid}`;
const urlOf = (name: string) => Object.assign(new URL(SERVER), { pathname: `/${name}` }).toString();
async function admin(query: string) {
  const client = new pg.Client({ connectionString: SERVER });
  await client.connect();
  try {
    return await client.query(query);
  } finally {
    await client.end();
  }
}

/** Every statement any pg client sends, timed from the call to its answer, filed under the current step. */
let current: Step | null = null;
const seen = new Map<Step, Array<{ text: string; ms: number }>>(STEPS.map((s) => [s, []]));
type Query = (...args: unknown[]) => unknown;
const original = pg.Client.prototype.query as unknown as Query;
(pg.Client.prototype as unknown as { query: Query }).query = function (this: pg.Client, ...args: unknown[]) {
  const step = current;
  const first = args[0] as string | { text: string };
  const text = typeof first === 'string' ? first : first.text;
  const started = performance.now();
  const note = () => step && seen.get(step)!.push({ text, ms: performance.now() - started });
  const last = args.length - 1;
  if (typeof args[last] === 'function') {
    const done = args[last] as (...a: unknown[]) => void;
    args[last] = (...a: unknown[]) => (note(), done(...a));
    return original.apply(this, args);
  }
  const answer = original.apply(this, args) as Promise<unknown>;
  return answer.finally(note);
};

const database = await (async () => {
  await admin(`create database ${dbName}`);
  await admin(`alter database ${dbName} set track_functions = 'all'`);
  return openDatabase({ kind: 'postgres', url: urlOf(dbName), poolSize: CLIENTS + 4 });
})();
try {
  await seedDemoBrand(database.db);
  await database.db.execute(
    sql`update brand_settings set settings = jsonb_set(settings, '{maxSpendPercent}', '100'::jsonb)`,
  );
  const phones = Array.from({ length: CLIENTS }, (_, i) => `7955${String(20_000_000 + i).slice(1)}`);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SMS_TEST_OTP: phones.map((p) => `${p}:${OTP}`).join(','),
  });
  const sms = createConsoleSmsProvider({ clock: systemClock, log: () => undefined });
  const app = await buildApp(assembleDeps({ config, database, sms }), { logger: false });
  try {
    const tokens: string[] = [];
    for (const [i, phone] of phones.entries()) tokens.push(await customer(app, database.db, phone, i));

    const timed = async (step: Step | null, token: string, url: string, payload: object, wall: number[]) => {
      current = step;
      const started = performance.now();
      const answer = await app.inject({
        method: 'POST',
        url,
        payload,
        headers: { authorization: `Bearer ${token}` },
      });
      wall.push(performance.now() - started);
      current = null;
      if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.statusCode} ${answer.body}`);
      return answer.json() as { data: { draftId: string; status?: number } };
    };
    const walls = new Map<Step, number[]>(STEPS.map((s) => [s, []]));
    const pay = async (token: string, record: boolean) => {
      const wall = (s: Step) => (record ? walls.get(s)! : []);
      const step = (s: Step) => (record ? s : null);
      const draft = await timed(
        step('create'),
        token,
        '/api/loyalty/createDraft',
        {
          paySum: 10,
          spendBonus: true,
          payType: 'CARD',
          retailPointId: 1,
          idempotencyKey: crypto.randomUUID(),
        },
        wall('create'),
      );
      const { draftId } = draft.data;
      const processed = await timed(
        step('process'),
        token,
        '/api/loyalty/processDraft',
        {
          draftId,
          returnUrl: 'http://localhost:3000/loyalty/finish',
        },
        wall('process'),
      );
      if (processed.data.status !== 0) throw new Error(`draft ${draftId}: status ${processed.data.status}`);
      await timed(step('complete'), token, '/api/loyalty/completeDraft', { draftId }, wall('complete'));
    };

    // One payer, one payment at a time: statements, their round trips, the requests' wall time, Node's CPU.
    for (let i = 0; i < 30; i++) await pay(tokens[0]!, false);
    for (const list of seen.values()) list.length = 0;
    await database.db.execute(sql`select pg_stat_reset()`);
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < PAYMENTS; i++) await pay(tokens[0]!, true);
    const elapsed = performance.now() - started;
    const used = process.cpuUsage(cpu);
    await new Promise((resolve) => setTimeout(resolve, 600)); // statistics reach the collector
    const functions = (await database.db.execute(
      sql`select funcname, calls, total_time, self_time from pg_stat_user_functions order by funcname`,
    )) as unknown as {
      rows: Array<{ funcname: string; calls: string; total_time: number; self_time: number }>;
    };

    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    console.log(
      `\nOne payer, ${PAYMENTS} payments one after another, load ${(await loadAverage()).join(' ')}`,
    );
    console.log(
      `${((PAYMENTS / elapsed) * 1000).toFixed(0)} payments/s; Node CPU per payment ${((used.user + used.system) / 1000 / PAYMENTS).toFixed(2)} ms`,
    );
    console.log(
      '| step | statements | DB round trips, ms (sum of medians) | request wall, median ms | Node share |',
    );
    for (const step of STEPS) {
      const list = seen.get(step)!;
      const perPayment = list.length / PAYMENTS;
      const byText = new Map<string, number[]>();
      for (const { text, ms } of list) byText.set(text, [...(byText.get(text) ?? []), ms]);
      const dbMs = [...byText.values()].reduce(
        (sum, times) => sum + median(times) * (times.length / PAYMENTS),
        0,
      );
      const wall = median(walls.get(step)!);
      console.log(
        `| ${step} | ${perPayment.toFixed(1)} | ${dbMs.toFixed(2)} | ${wall.toFixed(2)} | ${(wall - dbMs).toFixed(2)} |`,
      );
      for (const [text, times] of byText) {
        const short = text.replace(/\s+/g, ' ').slice(0, 110);
        console.log(
          `    ${(times.length / PAYMENTS).toFixed(1)}x  median ${median(times).toFixed(2)} ms  ${short}`,
        );
      }
    }
    for (const f of functions.rows) {
      console.log(
        `trigger ${f.funcname}: ${(Number(f.calls) / PAYMENTS).toFixed(1)} calls per payment, ${(f.total_time / Number(f.calls)).toFixed(3)} ms per call`,
      );
    }

    // Sixteen payers at once for 5 s, what the backends wait on.
    const waits = new Map<string, number>();
    let samples = 0;
    let running = true;
    const sampler = (async () => {
      const watcher = new pg.Client({ connectionString: urlOf(dbName) });
      await watcher.connect();
      while (running) {
        const { rows } = await watcher.query<{ w: string }>(
          `select coalesce(wait_event_type || ':' || wait_event, state) as w from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and backend_type = 'client backend'`,
          [dbName],
        );
        samples++;
        for (const { w } of rows) waits.set(w, (waits.get(w) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await watcher.end();
    })();
    let done = 0;
    const until = Date.now() + 5000;
    const loadStart = performance.now();
    await Promise.all(
      tokens.map(async (token) => {
        while (Date.now() < until) {
          await pay(token, false);
          done++;
        }
      }),
    );
    running = false;
    await sampler;
    console.log(
      `\n${CLIENTS} payers: ${((done / (performance.now() - loadStart)) * 1000).toFixed(0)} payments/s; backends by wait (average of ${samples} samples):`,
    );
    for (const [w, n] of [...waits].sort((a, b) => b[1] - a[1]))
      console.log(`    ${(n / samples).toFixed(2)}  ${w}`);
  } finally {
    await app.close();
  }
} finally {
  await database.close();
  await admin(`drop database if exists ${dbName} with (force)`);
}

async function loadAverage() {
  const { loadavg } = await import('node:os');
  return loadavg().map((v) => v.toFixed(1));
}
