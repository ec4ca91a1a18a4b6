// Reports at scale (issue 16, docs/decisions/031): 100,000 members and 1,000,000 operations over a year, each
// with its ledger posting (an earn, every third a spend too) and its completed payment, seeded set-based into a
// database of its own on the local PostgreSQL; then the console's report (the service the endpoint calls, in
// process) timed over the last 30 days and over the whole year once the daily rollup holds the ended days (the
// first report computes them: a row of its own). Bar: under 1 s.
// BENCH_REPORT_DATABASE=<name> measures an already seeded database of that name (kept afterwards).
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { calendarDay } from '../common/lib/format';
import { openDatabase, type Db } from '../server/db/client';
import { schema } from '../server/db/schema';
import { seedDemoBrand } from '../server/db/seed/demo-brand';
import { SYSTEM_ACCOUNTS } from '../server/db/system-accounts';
import { buildReport } from '../server/features/reports/report';
import { isMain, printReport, verdict, type Report, type Row } from './lib';

const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MEMBERS = Number(process.env.BENCH_REPORT_MEMBERS ?? 100_000);
const OPERATIONS = Number(process.env.BENCH_REPORT_OPERATIONS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_REPORT_ROUNDS ?? 5);
/** The operations are spread evenly over this many days back from now. */
const SPAN_DAYS = 365;
const TZ = 'Europe/Moscow';

const databaseName = `kopilka_bench_reports_${process.pid}`;
const urlOf = (name: string) => Object.assign(new URL(SERVER), { pathname: `/${name}` }).toString();

async function sql(url: string, text: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, params);
  } finally {
    await client.end();
  }
}

/** Every statement is one INSERT ... SELECT over generate_series; answers the laps. */
async function seed(url: string): Promise<string> {
  const laps: string[] = [];
  let lap = performance.now();
  const step = async (what: string, text: string, params: unknown[] = []) => {
    await sql(url, text, params);
    laps.push(`${what} ${((performance.now() - lap) / 1000).toFixed(1)} s`);
    lap = performance.now();
  };
  const every = `(${SPAN_DAYS} * 86400.0 / ${OPERATIONS}) * interval '1 second'`;
  await step(
    'members',
    `insert into users (phone, created_at, registered_at)
     select '794' || lpad(g::text, 8, '0'), now() - (g % ${SPAN_DAYS}) * interval '1 day', now()
     from generate_series(1, $1::int) g`,
    [MEMBERS],
  );
  await step(
    'accounts',
    `insert into ledger_accounts (user_id, kind, balance)
     select id, k, 0 from users cross join (values ('bonus'), ('money')) v(k)`,
  );
  // Operation g: member g % MEMBERS, at now - g * every; earns 10.00..59.90, every third also spends 5.00.
  await step(
    'ledger transactions',
    `insert into ledger_transactions (idempotency_key, kind, created_at)
     select 'bench:' || g, 'payment', now() - g * ${every} from generate_series(1, $1::int) g`,
    [OPERATIONS],
  );
  await step(
    'ledger entries',
    `with t as (
       select t.id, substr(t.idempotency_key, 7)::int as g from ledger_transactions t
     ), m as (
       select t.id, t.g, a.id as account, 1000 + (t.g % 500) * 10 as earn,
         case when t.g % 3 = 0 then 500 else 0 end as spend
       from t join users u on u.phone = '794' || lpad((1 + t.g % ${MEMBERS})::text, 8, '0')
       join ledger_accounts a on a.user_id = u.id and a.kind = 'bonus'
     )
     insert into ledger_entries (transaction_id, account_id, amount)
     select id, '${SYSTEM_ACCOUNTS.bonus_issued}'::uuid, -earn from m
     union all select id, account, earn - spend from m
     union all select id, '${SYSTEM_ACCOUNTS.bonus_spent}'::uuid, spend from m where spend > 0`,
  );
  await step(
    'cached balances',
    `update ledger_accounts a set balance = s.total
     from (select account_id, sum(amount) as total from ledger_entries group by 1) s
     where s.account_id = a.id and a.balance is not null`,
  );
  await step(
    'operations',
    `insert into operations (user_id, place, occurred_at, amount_earn, amount_spend, amount, state, type)
     select u.id, 'Магазин', now() - g * ${every}, 1000 + (g % 500) * 10, case when g % 3 = 0 then 500 else 0 end,
       50000, 'PROCESSED', 'PAYMENT'
     from generate_series(1, $1::int) g join users u on u.phone = '794' || lpad((1 + g % ${MEMBERS})::text, 8, '0')`,
    [OPERATIONS],
  );
  await step(
    'payments',
    `insert into payment_drafts (user_id, product_type, pay_type, retail_point_id, title, spend_bonus, pay_sum,
       spend, left_to_pay, earn_percent, earn, state, created_at, updated_at, resolved_at)
     select u.id, 'PAYMENT', (array['CARD', 'SBP_QR', 'IN_RETAIL_POINT'])[g % 3 + 1], g % 40 + 1, 'Покупка',
       g % 3 = 0, 50000, case when g % 3 = 0 then 500 else 0 end,
       50000 - case when g % 3 = 0 then 500 else 0 end, 3, 1000, 'completed',
       now() - g * ${every}, now() - g * ${every}, now() - g * ${every}
     from generate_series(1, $1::int) g join users u on u.phone = '794' || lpad((1 + g % ${MEMBERS})::text, 8, '0')`,
    [OPERATIONS],
  );
  // What autovacuum does on a live server: statistics, and the visibility map index-only scans rely on.
  await step(
    'vacuum analyze',
    'vacuum analyze users, ledger_accounts, ledger_transactions, ledger_entries, operations, payment_drafts',
  );
  return laps.join(', ');
}

/** The report over [from, to] `ROUNDS` times: the worst and median ms, and the payments it counted. */
export async function timeReport(db: Db, from: string, to: string) {
  const samples: number[] = [];
  let operations = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    const report = await buildReport({ db }, { from, to });
    samples.push(performance.now() - start);
    operations = report.totals.payments.count;
  }
  samples.sort((a, b) => a - b);
  return { worst: samples.at(-1)!, median: samples[Math.floor(samples.length / 2)]!, operations };
}

export async function reportsReport(): Promise<Report> {
  const reuse = process.env.BENCH_REPORT_DATABASE;
  const name = reuse ?? databaseName;
  if (!reuse) await sql(SERVER, `create database ${name}`);
  const pool = new pg.Pool({ connectionString: urlOf(name), max: 1 });
  try {
    const database = await openDatabase({ kind: 'postgres', url: urlOf(name), poolSize: 1 });
    await database.close();
    const started = performance.now();
    const laps = reuse ? 'reused' : await seed(urlOf(name));
    const seeded = ((performance.now() - started) / 1000).toFixed(1);
    const db = drizzle({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
    await seedDemoBrand(db); // the brand's time zone and retail points
    const day = (back: number) => calendarDay(new Date(Date.now() - back * 86_400_000), TZ);
    // The first report over the year computes every ended day into the rollup (once; a day is never redone).
    const fillStart = performance.now();
    await buildReport({ db }, { from: day(SPAN_DAYS), to: day(0) });
    const fill = performance.now() - fillStart;
    const ranges: Array<[string, string, string]> = [
      ['last 30 days', day(29), day(0)],
      ['the whole year', day(SPAN_DAYS), day(0)],
    ];
    const rows: Row[] = [];
    for (const [what, from, to] of ranges) {
      const r = await timeReport(db, from, to);
      rows.push({
        figure: `report over ${what}, ${OPERATIONS.toLocaleString('en')} operations in the database`,
        value: `worst ${r.worst.toFixed(0)} ms, median ${r.median.toFixed(0)} ms`,
        reference: `${r.operations.toLocaleString('en')} payments in range, ${ROUNDS} runs`,
        ratio: '',
        bar: '< 1000 ms',
        verdict: verdict(r.worst < 1000),
      });
    }
    rows.push({
      figure: 'first report over the year: computes the daily rollup',
      value: `${(fill / 1000).toFixed(1)} s`,
      reference: `${SPAN_DAYS} ended days, once`,
      ratio: '',
      bar: '(reference)',
      verdict: '',
    });
    return { rows, notes: [`reports: seeded in ${seeded} s (${laps})`] };
  } finally {
    await pool.end();
    if (!reuse) await sql(SERVER, `drop database if exists ${name} with (force)`);
  }
}

if (isMain(import.meta.url)) printReport(await reportsReport());
