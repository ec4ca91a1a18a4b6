// Segments at scale (issue 31 item 2, docs/decisions/075): 1,000,000 members with their purchases, balances,
// bonus lots, shop payments with receipt lines and consents, seeded set-based (`insert … select
// generate_series`) into a scratch database on the local PostgreSQL; then the count of representative segments
// (the service the console's count endpoint calls, in process), each beside the plain count of all members in
// the same run. Bar: every count under 1 s. Each count is also taken once with decision 075's reading of every
// purchase (the reference the rollup of decision 082 must equal) and the two must agree.
// BENCH_SEGMENT_URL=postgres://… counts on a database seeded before (kept with BENCH_SEGMENT_KEEP=1), migrating it.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { SegmentDefinition } from '../common/contract/segment-definition';
import { loadavg } from 'node:os';
import { referencePurchases } from '../server/core/segments/purchases-reference';
import { countSegment, type SegmentContext } from '../server/core/segments/segment-query';
import { openDatabase, type Db } from '../server/db/client';
import { schema } from '../server/db/schema';
import { isMain, median, printReport, verdict, type Report, type Row } from './lib';
import { scratchDatabase } from './scratch-database';

const MEMBERS = Number(process.env.BENCH_SEGMENT_MEMBERS ?? 1_000_000);
/** Purchases per member on average, over the last two years. */
const PURCHASES = Number(process.env.BENCH_SEGMENT_PURCHASES ?? 4);
const RUNS = Number(process.env.BENCH_SEGMENT_RUNS ?? 5);
const NOW = new Date('2026-11-29T09:00:00Z');
const CTX: SegmentContext = {
  now: NOW,
  timeZone: 'Europe/Moscow',
  levels: [
    { title: 'Базовый', fromSpend: 0, earnPercent: 0 },
    { title: 'Серебряный', fromSpend: 10_000, earnPercent: 3 },
    { title: 'Золотой', fromSpend: 50_000, earnPercent: 5 },
  ],
};

/** Each step one set-based statement: members, their accounts, purchases, payments with lines, lots, consents. */
const SEED = [
  `insert into users (phone, first_name, registered_at, birth_date)
   select '79' || lpad(g::text, 9, '0'), 'Участник',
     timestamptz '2026-11-29 09:00:00+00' - (g % 1000) * interval '1 day',
     date '1960-01-01' + (g::bigint * 7919 % 16000)::int
   from generate_series(1, $1::int) g`,
  `insert into ledger_accounts (user_id, kind, balance)
   select id, 'bonus', (hashtext(id::text) & 65535) * 3 from users`,
  `insert into operations (user_id, place, occurred_at, amount, state, type)
   select u.id, 'bench', timestamptz '2026-11-29 09:00:00+00' - ((hashtext(u.id::text || n) & 1023) * interval '17 hours'),
     1000 + (hashtext(u.phone || n) & 8191) * 600, 'PROCESSED', case when n % 10 = 0 then 'CASHBACK' else 'PAYMENT' end
   from users u, generate_series(1, $1::int) n
   where (hashtext(u.phone) & 7) <> 0 or n = 1`,
  `insert into payment_drafts (user_id, product_type, pay_type, retail_point_id, title, spend_bonus, pay_sum, spend,
     left_to_pay, earn_percent, earn, state, created_at, updated_at)
   select id, 'PAYMENT', 'CARD', 1 + (hashtext(id::text) & 31), 'bench', false, 100000, 0, 100000, 0, 0, 'completed',
     now(), now()
   from users where (hashtext(phone) & 1) = 0`,
  `insert into catalogue_categories (id, parent_id, name, updated_at)
   select 'c' || g, case when g > 10 then 'c' || (g % 10 + 1) end, 'Категория ' || g, now()
   from generate_series(1, 100) g`,
  `insert into receipt_lines (source, operation_id, line_no, name, quantity_milli, price, sum, discount, category_id,
     max_spend, spend, earn)
   select 'payment', d.id, n, 'bench', 1000, 50000, 50000, 0, 'c' || (1 + (hashtext(d.id::text || n) & 127) % 100),
     0, 0, 0
   from payment_drafts d, generate_series(1, 2) n`,
  `insert into ledger_transactions (idempotency_key, kind) values ('bench-lots', 'manual_adjustment')`,
  `insert into bonus_lots (user_id, transaction_id, amount, remaining, earned_at, expires_at)
   select u.id, t.id, 50000, 50000, timestamptz '2026-06-01 00:00:00+00',
     timestamptz '2026-11-29 09:00:00+00' + (hashtext(u.phone) & 511) * interval '1 day'
   from users u, ledger_transactions t where t.idempotency_key = 'bench-lots'`,
  `insert into marketing_consents (user_id, channel, granted, changed_at)
   select id, 'sms', (hashtext(id::text) & 3) <> 0, now() from users where (hashtext(phone) & 1) = 1`,
  `vacuum analyze`,
];

const SEGMENTS: Array<[string, SegmentDefinition]> = [
  [
    'no purchase for 60 days, with SMS consent',
    {
      match: 'all',
      conditions: [
        { field: 'daysSinceLastPurchase', op: 'gte', days: 60 },
        { field: 'consent', channel: 'sms', granted: true },
      ],
    },
  ],
  [
    'birthday in December, with SMS consent',
    {
      match: 'all',
      conditions: [
        { field: 'birthdayMonth', months: [12] },
        { field: 'consent', channel: 'sms', granted: true },
      ],
    },
  ],
  [
    'level Золотой (12 months of spend)',
    { match: 'all', conditions: [{ field: 'level', levels: ['Золотой'] }] },
  ],
  [
    'spent 20,000 ₽ in 90 days or bought 3 times in 30',
    {
      match: 'any',
      conditions: [
        { field: 'purchaseSum', period: { lastDays: 90 }, op: 'gte', value: 20_000 },
        { field: 'purchaseCount', period: { lastDays: 30 }, op: 'gte', value: 3 },
      ],
    },
  ],
  [
    'bought at points 1-3 and a category subtree',
    {
      match: 'all',
      conditions: [
        { field: 'points', pointIds: [1, 2, 3] },
        { field: 'categories', categoryIds: ['c1'] },
      ],
    },
  ],
  [
    'balance 500 ₽+ and 100 ₽+ expiring in 14 days',
    {
      match: 'all',
      conditions: [
        { field: 'balance', op: 'gte', value: 500 },
        { field: 'expiringBonuses', days: 14, op: 'gte', value: 100 },
      ],
    },
  ],
  [
    'registered this year, never bought in 180 days (group)',
    {
      match: 'all',
      conditions: [
        { field: 'registered', period: { from: '2026-01-01', to: '2026-11-29' } },
        {
          field: 'group',
          match: 'any',
          conditions: [
            { field: 'purchaseCount', period: { lastDays: 180 }, op: 'lte', value: 0 },
            { field: 'balance', op: 'lte', value: 10 },
          ],
        },
      ],
    },
  ],
];

async function timed(run: () => Promise<unknown>) {
  await run(); // warms the cache
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

const load = () =>
  loadavg()
    .map((v) => v.toFixed(1))
    .join(' / ');

/** A scratch database seeded here, or the one BENCH_SEGMENT_URL names (migrated, not seeded, not dropped). */
async function benchDatabase(): Promise<{ url: string; seedSeconds: number | null; done(): Promise<void> }> {
  const given = process.env.BENCH_SEGMENT_URL;
  if (given) {
    const start = performance.now();
    const database = await openDatabase({ kind: 'postgres', url: given, poolSize: 1 });
    await database.close();
    console.log(`migrated in ${((performance.now() - start) / 1000).toFixed(0)} s`);
    return { url: given, seedSeconds: null, done: async () => {} };
  }
  const scratch = scratchDatabase('segments');
  await scratch.create();
  const database = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 1 });
  await database.close();
  const pool = new pg.Pool({ connectionString: scratch.url, max: 1 });
  const seedStart = performance.now();
  try {
    for (const [i, statement] of SEED.entries())
      await pool.query(statement, i === 0 ? [MEMBERS] : i === 2 ? [PURCHASES] : []);
  } finally {
    await pool.end();
  }
  return {
    url: scratch.url,
    seedSeconds: (performance.now() - seedStart) / 1000,
    // BENCH_SEGMENT_KEEP=1 keeps the database to read the plans (`explain analyze`); drop it by hand after.
    done: async () => {
      if (process.env.BENCH_SEGMENT_KEEP) console.log(`kept ${scratch.url}`);
      else await scratch.drop();
    },
  };
}

export async function segmentsReport(): Promise<Report> {
  const bench = await benchDatabase();
  const pool = new pg.Pool({ connectionString: bench.url, max: 1 });
  try {
    const db = drizzle({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
    const all: SegmentDefinition = { match: 'all', conditions: [] };
    const loads = [load()];
    const rows: Row[] = [];
    for (const [name, definition] of SEGMENTS) {
      // The plain count beside each segment, so a change in the machine's load moves both.
      const reference = await timed(() => countSegment(db, all, CTX));
      let found = 0;
      const ms = await timed(async () => (found = await countSegment(db, definition, CTX)));
      const oldStart = performance.now();
      const old = await countSegment(db, definition, CTX, referencePurchases);
      const oldMs = performance.now() - oldStart;
      rows.push({
        figure: `segment count: ${name}`,
        value: `${ms.toFixed(0)} ms (${found.toLocaleString('en')})`,
        reference: `all members ${reference.toFixed(0)} ms; 075's query ${oldMs.toFixed(0)} ms${old === found ? '' : ` (${old.toLocaleString('en')}: DIFFERS)`}`,
        ratio: `${(ms / reference).toFixed(1)}x`,
        bar: '< 1000 ms',
        verdict: verdict(ms < 1000 && old === found),
      });
      loads.push(load());
    }
    const seeded =
      bench.seedSeconds === null ? 'seeded before' : `seeded in ${bench.seedSeconds.toFixed(0)} s`;
    const notes = [
      `${MEMBERS.toLocaleString('en')} members, about ${PURCHASES} purchases each (${seeded}); median of ${RUNS} runs after one warm-up, one connection; 075's query once.`,
      `Load average (1 / 5 / 15 min) at the start and after each segment: ${loads.join('; ')}.`,
    ];
    return { rows, notes };
  } finally {
    await pool.end();
    await bench.done();
  }
}

if (isMain(import.meta.url)) printReport(await segmentsReport());
