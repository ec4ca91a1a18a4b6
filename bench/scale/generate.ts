// npm run bench:scale:generate -- --members 10000000 [--operations N] [--lines-every 5]: a national chain in a
// database of its own (kopilka_scale_<members>) on the local PostgreSQL, created with the app's migrations and
// loaded set-based (INSERT ... SELECT over generate_series: no row goes through the client). Resumable: each
// step commits with its mark in scale_gen.steps, and a rerun skips the marked ones. Prints progress, the time
// and the disk used, then checks the ledger's invariants (all of them up to 200,000 members, else on a sample).
// docs/decisions/078 and docs/operations.md ("Scale") say which sizes fit on which machine.
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { openDatabase, type Db } from '#server/db/client';
import { schema } from '#server/db/schema';
import { seedDemoBrand } from '#server/db/seed/demo-brand';
import { checkScaleLedger } from './check';
import {
  databaseBytes,
  databaseExists,
  gib,
  SCALE_SERVER,
  scaleDatabaseName,
  urlOf,
  withClient,
} from './database';
import { stepsOf, type ScaleParams } from './steps';

const { values: flags } = parseArgs({
  options: {
    members: { type: 'string', default: '100000' },
    operations: { type: 'string' },
    'lines-every': { type: 'string', default: '5' },
    points: { type: 'string', default: '3000' },
    items: { type: 'string', default: '100000' },
  },
});
const members = Number(flags.members);
const wanted: ScaleParams = {
  members,
  // The target's ratio: 50 million operations for 10 million members.
  operations: Number(flags.operations ?? members * 5),
  points: Number(flags.points),
  items: Number(flags.items),
  linesEvery: Number(flags['lines-every']),
  now: new Date().toISOString(),
};
const name = scaleDatabaseName(members);
const url = urlOf(name);
const seconds = (since: number) => (performance.now() - since) / 1000;
const log = (line: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${line}`);

/** The params the database was started with (a rerun continues them), or the wanted ones stored. */
async function paramsOf(client: pg.Client): Promise<ScaleParams> {
  await client.query(`create schema if not exists scale_gen;
    create table if not exists scale_gen.params (id int primary key default 1, params jsonb not null);
    create table if not exists scale_gen.steps (name text primary key, seconds float8 not null,
      done_at timestamptz not null default now())`);
  await client.query('insert into scale_gen.params (params) values ($1) on conflict (id) do nothing', [
    wanted,
  ]);
  const { rows } = await client.query<{ params: ScaleParams }>('select params from scale_gen.params');
  const stored = rows[0]!.params;
  if (stored.operations !== wanted.operations || stored.linesEvery !== wanted.linesEvery)
    throw new Error(
      `${name} was started with ${JSON.stringify(stored)}: drop it to start again with other sizes`,
    );
  return stored;
}

async function seedBrand(params: ScaleParams) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const db = drizzle({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
    await seedDemoBrand(db, { today: params.now.slice(0, 10) });
    // What the jobs' bench rows need: lots that expire after a year, a birthday bonus, three levels; and, as
    // bench:money has it, bonuses may pay a whole purchase, so a shop payment completes without the bank.
    const levels = [
      { title: 'Базовый', fromSpend: 0, earnPercent: 3 },
      { title: 'Серебро', fromSpend: 30_000, earnPercent: 5 },
      { title: 'Золото', fromSpend: 100_000, earnPercent: 7 },
    ];
    await pool.query(
      `update brand_settings set settings = settings || jsonb_build_object('bonusExpiryDays', 365,
         'birthdayBonus', 300, 'levels', $1::jsonb, 'maxSpendPercent', 100)`,
      [JSON.stringify(levels)],
    );
  } finally {
    await pool.end();
  }
}

async function main() {
  const started = performance.now();
  if (!(await databaseExists(name))) {
    await withClient(SCALE_SERVER, (c) => c.query(`create database ${name}`));
    log(`created ${name}`);
  }
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 1 }); // the app's migrations
  await database.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const params = await paramsOf(client);
    log(
      `${name}: ${params.members.toLocaleString('en')} members, ${params.operations.toLocaleString('en')} ` +
        `operations, ${params.points} points, ${params.items.toLocaleString('en')} items, receipt lines on 1 ` +
        `operation in ${params.linesEvery}`,
    );
    await seedBrand(params);
    // Triggers and foreign-key checks off for this session: the bonus lots, balances and history counts the
    // triggers keep are written set-based by the steps, and every reference is made consistent by construction.
    await client.query("set session_replication_role = 'replica'");
    const { rows } = await client.query<{ name: string }>('select name from scale_gen.steps');
    const done = new Set(rows.map((r) => r.name));
    const steps = stepsOf(params);
    const chunks = steps.filter((s) => s.name.startsWith('operations '));
    let chunkRows = 0;
    let chunkSeconds = 0;
    for (const step of steps) {
      if (done.has(step.name)) continue;
      const lap = performance.now();
      if (step.outsideTransaction) await client.query(step.sql!);
      else {
        await client.query('begin');
        await client.query(step.sql!);
      }
      await client.query('insert into scale_gen.steps (name, seconds) values ($1, $2)', [
        step.name,
        seconds(lap),
      ]);
      if (!step.outsideTransaction) await client.query('commit');
      const took = seconds(lap);
      let line = `${step.name}: ${took.toFixed(1)} s`;
      if (step.name.startsWith('operations ') && step.rows) {
        chunkRows += step.rows;
        chunkSeconds += took;
        const left = chunks.length - chunks.indexOf(step) - 1;
        const rate = chunkRows / chunkSeconds;
        line += ` (${(step.rows / took).toFixed(0)} operations/s; ${left} chunks, ~${((left * step.rows) / rate / 60).toFixed(0)} min left)`;
      }
      log(line);
    }
    const all = await client.query<{ total: number }>('select sum(seconds) as total from scale_gen.steps');
    const bytes = await databaseBytes(url);
    log(
      `done: ${name} is ${gib(bytes)} on disk; the steps took ${(all.rows[0]!.total / 60).toFixed(1)} min ` +
        `in all (this run ${(seconds(started) / 60).toFixed(1)} min)`,
    );
    await client.query("set session_replication_role = 'origin'");
    const lap = performance.now();
    const violations = await checkScaleLedger(url, params);
    log(`ledger invariants (${violations.scope}): ${seconds(lap).toFixed(0)} s`);
    if (violations.found.length) {
      for (const v of violations.found) console.error(`VIOLATED: ${v.check}: ${JSON.stringify(v.rows)}`);
      process.exitCode = 1;
    } else log('ledger invariants hold');
  } finally {
    await client.end();
  }
}

await main();
