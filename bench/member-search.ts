// Member search at scale (issue 16, docs/decisions/026): 100,000 members with names and cards seeded
// set-based into a database of its own on the local PostgreSQL, then the console's search (the service the
// endpoint calls, in process: the query is what grows with the members) timed for a phone's start, a card
// number and a name's start. Bar: p99 under 50 ms.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { openDatabase, type Db } from '../server/db/client';
import { schema } from '../server/db/schema';
import { searchMembers } from '../server/features/members/search';
import { isMain, printReport, verdict, type Report, type Row } from './lib';

const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const QUERIES = Number(process.env.BENCH_MEMBER_QUERIES ?? 500);
const LAST_NAMES = ['Иванов', 'Петров', 'Сидоров', 'Смирнов', 'Кузнецов', 'Попов', 'Васильев', 'Новиков'];
const FIRST_NAMES = ['Иван', 'Пётр', 'Анна', 'Мария', 'Ольга', 'Сергей', 'Елена', 'Дмитрий'];

const databaseName = `kopilka_bench_members_${process.pid}`;
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

/** Members with a phone, a last and first name from small pools (with a number, so prefixes vary), one card each. */
async function seed(url: string) {
  await sql(
    url,
    `insert into users (phone, first_name, last_name, registered_at)
     select '795' || lpad(g::text, 8, '0'), ($2::text[])[g % 8 + 1], ($3::text[])[g % 8 + 1] || g, now()
     from generate_series(1, $1::int) g`,
    [MEMBERS, FIRST_NAMES, LAST_NAMES],
  );
  await sql(
    url,
    `insert into cards (user_id, card_num, qr_secret)
     select id, '7770' || lpad(substr(phone, 4)::text, 12, '0'), 'JBSWY3DPEHPK3PXP' from users`,
  );
  await sql(url, 'vacuum analyze users, cards');
}

function p99(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]!;
}

/** The p99 of the console's search over `queries`, one after another on one connection (ms). */
export async function timeSearches(db: Db, queries: string[], expectFound: boolean) {
  const samples: number[] = [];
  for (const q of queries) {
    const start = performance.now();
    const found = await searchMembers(db, q);
    samples.push(performance.now() - start);
    if (expectFound && found.length === 0) throw new Error(`nothing found for ${q}: the seed is wrong`);
  }
  return p99(samples);
}

export async function memberSearchReport(): Promise<Report> {
  await sql(SERVER, `create database ${databaseName}`);
  const pool = new pg.Pool({ connectionString: urlOf(databaseName), max: 1 });
  try {
    const database = await openDatabase({ kind: 'postgres', url: urlOf(databaseName), poolSize: 1 });
    await database.close();
    await seed(urlOf(databaseName));
    const db = drizzle({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
    const pick = () => 1 + Math.floor(Math.random() * MEMBERS);
    const phones = Array.from(
      { length: QUERIES },
      () => `+7 95${String(pick()).padStart(8, '0').slice(0, 5)}`,
    );
    const cardNums = Array.from({ length: QUERIES }, () => `7770${String(pick()).padStart(12, '0')}`);
    const names = Array.from({ length: QUERIES }, (_, i) => `${LAST_NAMES[i % 8]!.toLowerCase()}${pick()}`);
    await timeSearches(db, phones.slice(0, 20), true); // warms the cache
    const results: Array<[string, number]> = [
      ['phone start (8 digits)', await timeSearches(db, phones, true)],
      ['card number', await timeSearches(db, cardNums, true)],
      ['last name start', await timeSearches(db, names, false)],
    ];
    const rows: Row[] = results.map(([what, ms]) => ({
      figure: `member search: ${what}, ${MEMBERS.toLocaleString('en')} members`,
      value: `p99 ${ms.toFixed(1)} ms`,
      reference: `${QUERIES} queries, one connection`,
      ratio: '',
      bar: '< 50 ms',
      verdict: verdict(ms < 50),
    }));
    return { rows, notes: [] };
  } finally {
    await pool.end();
    await sql(SERVER, `drop database if exists ${databaseName} with (force)`);
  }
}

if (isMain(import.meta.url)) printReport(await memberSearchReport());
