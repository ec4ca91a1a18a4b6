import { readFileSync } from 'node:fs';
import { SYSTEM_ACCOUNTS } from '#server/db/system-accounts';
import { cumulative, daysBefore, HOUR_WEIGHTS, permutation } from './shape';

/** What a scale database was generated with; stored in it, so a resumed run continues the same data. */
export interface ScaleParams {
  members: number;
  operations: number;
  points: number;
  items: number;
  /** One operation in this many carries receipt lines (3 lines). */
  linesEvery: number;
  /** The generation's "now" (ISO): the history ends the day before it. */
  now: string;
}

/** One resumable step: SQL run in one transaction with its done mark, or work that marks itself. */
export interface Step {
  name: string;
  /** What the progress line counts (rows), when it is a chunk of operations. */
  rows?: number;
  sql?: string;
  /** VACUUM cannot run inside a transaction block. */
  outsideTransaction?: boolean;
}

export const CHUNK = 1_000_000;
const FIRST = ['Иван', 'Пётр', 'Анна', 'Мария', 'Ольга', 'Сергей', 'Елена', 'Дмитрий'];
const LAST = ['Иванов', 'Петров', 'Сидоров', 'Смирнов', 'Кузнецов', 'Попов', 'Васильев', 'Новиков'];
const arrayOf = (values: string[]) => `array[${values.map((v) => `'${v}'`).join(', ')}]`;
/** The big tables whose secondary indexes are dropped for the load and built again after it. */
export const LOADED_TABLES = [
  'users',
  'cards',
  'till_visits',
  'operations',
  'till_operations',
  'ledger_transactions',
  'ledger_entries',
  'bonus_lots',
  'ledger_accounts',
];

/**
 * Ids: random-looking v4 UUIDs (md5 of a tag and a number) for members and what belongs to one member, so the
 * users' indexes are as scattered as the app's gen_random_uuid() makes them; time-ordered, UUIDv7-like ids for
 * the operations and their postings (the operation's number first), so each chunk appends to their indexes.
 * The app's own rows are v4: docs/decisions/078 says what this flatters.
 */
const FUNCTIONS = `
create or replace function scale_gen.uuid4(tag text, n bigint) returns uuid language sql immutable as
  $$ select overlay(overlay(md5(tag || n::text) placing '4' from 13) placing '8' from 17)::uuid $$;
create or replace function scale_gen.uuid7(tag text, g bigint) returns uuid language sql immutable as
  $$ select (lpad(to_hex(g), 12, '0') || '7' || tag || '8' || lpad(to_hex(g), 15, '0'))::uuid $$;`;

function shapeSql(p: ScaleParams): string {
  const today = p.now.slice(0, 10);
  const days = cumulative(daysBefore(today).map((d) => d.weight));
  const dayList = daysBefore(today);
  const open = HOUR_WEIGHTS.map((w, h) => ({ w, h })).filter((x) => x.w > 0);
  const hours = cumulative(open.map((x) => x.w));
  const dayRows = days.map((d, i) => `(${i}, '${dayList[i]!.day}', ${d.lo}, ${d.hi})`).join(',\n');
  const hourRows = hours.map((x, i) => `(${i}, ${open[i]!.h}, ${x.lo}, ${x.hi})`).join(', ');
  return `${FUNCTIONS}
    create table scale_gen.days (i int primary key, starts timestamptz not null, lo float8, hi float8);
    insert into scale_gen.days select i, (d::date)::timestamp at time zone 'Europe/Moscow', lo, hi
      from (values ${dayRows}) v(i, d, lo, hi);
    create table scale_gen.hours (i int primary key, h int not null, lo float8, hi float8);
    insert into scale_gen.hours values ${hourRows};
    create table scale_gen.bounds (days float8[] not null, hours float8[] not null);
    insert into scale_gen.bounds values (
      array[${days
        .slice(0, -1)
        .map((d) => d.hi)
        .join(', ')}]::float8[],
      array[${hours
        .slice(0, -1)
        .map((x) => x.hi)
        .join(', ')}]::float8[]);`;
}

/** 3,000 points (the demo brand's few kept), a till key each, a 100,000-item catalogue in 200 categories. */
function placesSql(p: ScaleParams): string {
  return `
    insert into retail_points (id, title, firm_id, category_name, city, street, house, latitude, longitude)
    select i, 'Магазин №' || i, 1, 'Продукты', (array['Москва', 'Казань', 'Самара', 'Пермь', 'Омск'])[i % 5 + 1],
      'Улица ' || (i % 97 + 1), (i % 60 + 1)::text, 43 + (i % 1300) / 100.0, 30 + (i % 3000) / 100.0
    from generate_series(1, ${p.points}) i on conflict (id) do nothing;
    insert into till_keys (id, retail_point_id, label, secret_hash, created_at)
    select scale_gen.uuid4('k', i), i, 'Касса 1', encode(sha256(('scale-key-' || i)::bytea), 'hex'), '${p.now}'
    from generate_series(1, ${p.points}) i;
    insert into catalogue_categories (id, name, parent_id, updated_at)
    select 'cat-' || i, 'Категория ' || i, null, '${p.now}' from generate_series(1, 200) i
    on conflict (id) do nothing;
    insert into catalogue_items (sku, name, category_id, vat_rate, list_price, updated_at)
    select 'SKU' || lpad(i::text, 6, '0'), 'Товар ' || i, 'cat-' || (i % 200 + 1), 'VAT20', 5000 + (i % 900) * 100,
      '${p.now}'
    from generate_series(1, ${p.items}) i;
    insert into catalogue_barcodes (barcode, sku)
    select '46' || lpad(i::text, 11, '0'), 'SKU' || lpad(i::text, 6, '0') from generate_series(1, ${p.items}) i;`;
}

/** Members (4 in 10 gave a birth date), a card each, and the visit their till operations name. */
function membersSql(p: ScaleParams): string {
  const n = p.members;
  return `
    insert into users (id, phone, created_at, first_name, last_name, birth_date, registered_at, active_card_id)
    select scale_gen.uuid4('u', n), '79' || lpad(n::text, 9, '0'), at, (${arrayOf(FIRST)})[n % 8 + 1],
      (${arrayOf(LAST)})[n % 8 + 1] || n,
      case when n % 5 < 2 then date '1950-01-01' + (n * 7919 % 20000)::int end, at, scale_gen.uuid4('c', n)
    from (select n, '${p.now}'::timestamptz - (1400 * random()) * interval '1 day' as at
      from generate_series(1, ${n}::bigint) n) s;
    insert into cards (id, user_id, card_num, qr_secret, created_at)
    select scale_gen.uuid4('c', n), scale_gen.uuid4('u', n), '7770' || lpad(n::text, 12, '0'), 'JBSWY3DPEHPK3PXP',
      '${p.now}'
    from generate_series(1, ${n}::bigint) n;
    insert into till_visits (id, retail_point_id, key_id, user_id, card_id, created_at, expires_at)
    select scale_gen.uuid4('v', n), home, scale_gen.uuid4('k', home), scale_gen.uuid4('u', n),
      scale_gen.uuid4('c', n), '${p.now}'::timestamptz - interval '3 years', '${p.now}'::timestamptz - interval '3 years'
    from (select n, 1 + (n * 31) % ${p.points} as home from generate_series(1, ${n}::bigint) n) s;`;
}

/**
 * Operations g in [from, to): each a till purchase at the g/M-th point of the three years' weights (so the
 * history is written in time order), by a member drawn heavy-tailed (k = N * u^2: a few members buy often, most
 * a few times), at their home shop 8 times in 10. A cheque is log-normal around 500 roubles; it earns 3 %, and
 * 3 purchases in 10 spend up to 90 % of that earn, so every posting leaves the member's balance higher.
 * Written: the till operation, the history row, the posting (2 or 3 entries) and its bonus lot (expired, with
 * nothing left, when the brand's 365 days have passed), and 3 receipt lines for one operation in `linesEvery`.
 */
function chunkSql(p: ScaleParams, from: number, to: number): string {
  const P = permutation(p.members);
  const member = `1 + (k * ${P}::bigint) % ${p.members}`;
  const S = SYSTEM_ACCOUNTS;
  return `
    create temp table chunk on commit drop as
    with base as (
      select g, (g - 0.5) / ${p.operations}::float8 as q, floor(${p.members} * power(random(), 2))::bigint as k,
        random() as r1, random() as r2, random() as r3, random() as r4, random() as r5
      from generate_series(${from}::bigint, ${to - 1}::bigint) g
    ), dated as (
      select b.*, d.starts, (b.q - d.lo) / (d.hi - d.lo) as f
      from base b join scale_gen.days d on d.i = width_bucket(b.q, (select days from scale_gen.bounds))
    ), timed as (
      select t.*, t.starts + (h.h + (t.f - h.lo) / (h.hi - h.lo)) * interval '1 hour' as at
      from dated t join scale_gen.hours h on h.i = width_bucket(t.f, (select hours from scale_gen.bounds))
    ), priced as (
      select g, at, ${member} as n,
        case when r3 < 0.8 then 1 + ((${member}) * 31) % ${p.points} else 1 + floor(r4 * ${p.points})::int end
          as point,
        least(5000000, greatest(3000,
          round(50000 * exp(0.7 * sqrt(-2 * ln(1 - r1)) * cos(2 * pi() * r2)))))::bigint as sum, r5
      from timed
    )
    select g, at, n, point, sum, earn,
      case when r5 < 0.3 then floor(earn * r5 * 3 * 0.9)::bigint else 0 end as spend,
      scale_gen.uuid4('u', n) as user_id, scale_gen.uuid7('a01', g) as op, scale_gen.uuid7('a02', g) as history,
      scale_gen.uuid7('a03', g) as tx, scale_gen.uuid4('b', n) as account
    from (select *, floor(sum * 3 / 100)::bigint as earn from priced) x;

    insert into till_operations (id, idempotency_key, visit_id, retail_point_id, key_id, user_id, kind, sum, spend,
      earn, earn_percent, earn_rate, state, operation_id, created_at, updated_at, completed_at)
    select op, point || ':gen-' || g, scale_gen.uuid4('v', n), point, scale_gen.uuid4('k', point), user_id,
      case when spend > 0 then 'spend' else 'accrue' end, sum, spend, earn, 3, 300, 'completed', history, at, at, at
    from chunk;
    insert into operations (id, user_id, place, occurred_at, amount_earn, amount_spend, amount, state, type,
      transaction_id)
    select history, user_id, 'Магазин №' || point, at, earn, spend, sum, 'PROCESSED',
      case when spend > 0 then 'PAYMENT' else 'CASHBACK' end, tx
    from chunk;
    insert into ledger_transactions (id, idempotency_key, kind, created_at)
    select tx, case when spend > 0 then 'till-complete:' else 'till-accrue:' end || op,
      case when spend > 0 then 'till_spend' else 'till_accrue' end, at
    from chunk;
    insert into ledger_entries (id, transaction_id, account_id, amount)
    select scale_gen.uuid7('a05', g), tx, '${S.bonus_issued}'::uuid, -earn from chunk
    union all select scale_gen.uuid7('a06', g), tx, account, earn - spend from chunk
    union all select scale_gen.uuid7('a07', g), tx, '${S.bonus_spent}'::uuid, spend from chunk where spend > 0;
    insert into bonus_lots (id, user_id, transaction_id, amount, remaining, earned_at, expires_at)
    select scale_gen.uuid7('a04', g), user_id, tx, earn - spend,
      case when at + interval '365 days' <= '${p.now}'::timestamptz then 0 else earn - spend end,
      at, at + interval '365 days'
    from chunk;
    insert into receipt_lines (source, operation_id, line_no, sku, name, quantity_milli, price, sum, discount,
      category_id, max_spend, spend, earn)
    select 'till', op, l, 'SKU' || lpad(item::text, 6, '0'), 'Товар ' || item, 1000, part, part, 0,
      'cat-' || (item % 200 + 1), part, spend_part, earn_part
    from (
      select op, l, 1 + (g * 7 + l * 104729) % ${p.items} as item,
        case when l < 3 then sum / 3 else sum - 2 * (sum / 3) end as part,
        case when l < 3 then spend / 3 else spend - 2 * (spend / 3) end as spend_part,
        case when l < 3 then earn / 3 else earn - 2 * (earn / 3) end as earn_part
      from chunk cross join generate_series(1, 3) l
      where g % ${p.linesEvery} = 0
    ) lines;`;
}

/**
 * After the operations: each member's two accounts with the balance their lots hold, one bonus_expiry posting
 * per member for what their expired lots had (the expiry job posts one per lot; one per member keeps the load
 * smaller and the sums the same), dated when their last expired lot expired (so the reports' days hold a day's
 * expiries, not every member's on one day), and each member's count of history rows.
 */
function balancesSql(p: ScaleParams): string {
  const S = SYSTEM_ACCOUNTS;
  return `
    set local work_mem = '1GB';
    create temp table per_member on commit drop as
    select user_id, sum(remaining) as balance, count(*) as operations,
      sum(amount) filter (where remaining = 0) as expired, max(id::text) filter (where remaining = 0) as last_lot,
      max(expires_at) filter (where remaining = 0) as expired_at
    from bonus_lots group by user_id;
    insert into ledger_accounts (id, user_id, kind, balance, created_at)
    select scale_gen.uuid4('b', substr(u.phone, 3)::bigint), u.id, 'bonus', coalesce(m.balance, 0), u.created_at
    from users u left join per_member m on m.user_id = u.id;
    insert into ledger_accounts (id, user_id, kind, balance, created_at)
    select scale_gen.uuid4('w', n), scale_gen.uuid4('u', n), 'money', 0, '${p.now}'
    from generate_series(1, ${p.members}) n;
    create temp table expiries on commit drop as
    select m.user_id, m.expired, m.last_lot, m.expired_at, md5('x' || m.user_id::text)::uuid as tx, a.id as account
    from per_member m join ledger_accounts a on a.user_id = m.user_id and a.kind = 'bonus'
    where m.expired > 0;
    insert into ledger_transactions (id, idempotency_key, kind, created_at)
    select tx, 'bonus-expiry:' || last_lot, 'bonus_expiry', least(expired_at, '${p.now}'::timestamptz) from expiries;
    insert into ledger_entries (id, transaction_id, account_id, amount)
    select md5('y' || user_id::text)::uuid, tx, account, -expired from expiries
    union all select md5('z' || user_id::text)::uuid, tx, '${S.bonus_expired}'::uuid, expired from expiries;
    insert into operation_totals (user_id, total) select user_id, operations from per_member;`;
}

/**
 * The segments' purchase rollup (decision 082), filled as its migration fills it: the generator writes the
 * operations with triggers off, so the rollup's triggers never saw them. The migration's last statement is that
 * backfill; a rerun of the step starts the table afresh.
 */
function purchaseRollupSql(): string {
  const migration = readFileSync(
    new URL('../../server/db/migrations/0046_member_purchase_stats.sql', import.meta.url),
    'utf8',
  );
  const backfill = migration.split('--> statement-breakpoint').at(-1)!;
  return `delete from member_purchase_stats;\n${backfill}`;
}

export function stepsOf(p: ScaleParams): Step[] {
  const chunks: Step[] = [];
  for (let from = 1, i = 1; from <= p.operations; from += CHUNK, i++) {
    const to = Math.min(p.operations + 1, from + CHUNK);
    chunks.push({ name: `operations ${i}`, rows: to - from, sql: chunkSql(p, from, to) });
  }
  return [
    { name: 'shape', sql: shapeSql(p) },
    { name: 'places and catalogue', sql: placesSql(p) },
    { name: 'drop indexes', sql: DROP_INDEXES },
    { name: 'members', rows: p.members, sql: membersSql(p) },
    ...chunks,
    { name: 'balances', rows: p.members, sql: balancesSql(p) },
    { name: 'purchase rollup', rows: p.members, sql: purchaseRollupSql() },
    { name: 'build indexes', sql: BUILD_INDEXES },
    {
      name: 'vacuum analyze',
      sql: `vacuum analyze ${LOADED_TABLES.join(', ')}, receipt_lines`,
      outsideTransaction: true,
    },
  ];
}

/** The secondary indexes (not constraints) of the loaded tables, kept in scale_gen.indexes, then dropped. */
const DROP_INDEXES = `
  create table scale_gen.indexes (name text primary key, definition text not null);
  insert into scale_gen.indexes
  select indexname, indexdef from pg_indexes
  where schemaname = 'public' and tablename in (${LOADED_TABLES.map((t) => `'${t}'`).join(', ')})
    and indexname not in (select conname from pg_constraint);
  do $$ declare i record; begin
    for i in select name from scale_gen.indexes loop execute format('drop index %I', i.name); end loop;
  end $$;`;

const BUILD_INDEXES = `
  set local maintenance_work_mem = '1GB';
  do $$ declare i record; begin
    for i in select definition from scale_gen.indexes loop execute i.definition; end loop;
  end $$;`;
