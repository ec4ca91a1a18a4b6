// npm run bench:money: the money path of docs/design/quality.md (create + process + complete a
// bonus-only draft) in payments per second on the machine's PostgreSQL, beside `pgbench -b simple-update` on the
// same server in the same run (alternating rounds, best of each), then the ledger invariants on what it wrote.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/app';
import { systemClock } from '../server/core/clock';
import { assembleDeps } from '../server/assemble-deps';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { inTransaction } from '../server/db/in-transaction';
import { users } from '../server/db/schema/auth';
import { seedDemoBrand } from '../server/db/seed/demo-brand';
import { customerAccounts, postTransaction, transfer } from '../server/core/ledger';
import { kopecks } from '../server/core/money';
import { postingKey } from '../server/db/posting-kinds';
import { SYSTEM_ACCOUNTS } from '../server/db/system-accounts';
import { createConsoleSmsProvider } from '../server/integrations/sms/console-provider';
import { availableParallelism } from 'node:os';
import { isMain, printReport, type Report, type Row } from './lib';
import { httpPaymentRounds } from './money-path-http';

const run = promisify(execFile);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
/** Concurrent payers (and pgbench clients): enough to keep 2 cores and the database busy. */
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The fixed login code of every bench payer (SMS_TEST_OTP). */
export const OTP = '11111';

const urlOf = (name: string) => {
  const url = new URL(SERVER);
  url.pathname = `/${name}`;
  return url.toString();
};

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: SERVER });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const appDb = `kopilka_bench_money_${process.pid}`;
const pgbenchDb = `kopilka_bench_pgbench_${process.pid}`;

/** The best of a figure's rounds in payments/s beside pgbench's best: at least half of it is the bar. */
function rateRow(figure: string, rates: number[], reference: number): Row {
  const value = Math.max(...rates);
  return {
    figure,
    value: `${value.toFixed(0)} payments/s`,
    reference: `pgbench simple-update ${reference.toFixed(0)} tps`,
    ratio: `${((value / reference) * 100).toFixed(0)}%`,
    bar: '>= 50%',
    verdict: value / reference >= 0.5 ? 'ok' : 'MISSED',
  };
}

/** The run, as rows for a table: bench/run.ts folds them into its one table; run alone, they are printed. */
export async function moneyPathReport(): Promise<Report> {
  await admin(async (c) => {
    await c.query(`create database ${appDb}`);
    await c.query(`create database ${pgbenchDb}`);
  });
  try {
    await run('pgbench', ['-i', '-q', '-s', '1', urlOf(pgbenchDb)]);
    const phones = Array.from({ length: CLIENTS }, (_, i) => `7955${String(10_000_000 + i).slice(1)}`);
    const database = await openDatabase({ kind: 'postgres', url: urlOf(appDb), poolSize: CLIENTS + 4 });
    await seedDemoBrand(database.db);
    // Bonuses may pay a whole purchase, so a payment completes inside processDraft without the bank.
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
    try {
      const tokens = await Promise.all(phones.map((phone, i) => customer(app, database.db, phone, i)));
      const money: number[] = [];
      const bench: number[] = [];
      await payments(app, tokens, 1); // warm-up
      for (let round = 0; round < ROUNDS; round++) {
        money.push(await payments(app, tokens, SECONDS));
        bench.push(await pgbench());
      }
      // The built server over HTTP, with one worker and with one per core (WEB_CONCURRENCY): its own rounds,
      // then pgbench again, so each figure has a reference measured beside it.
      const workers = Math.max(2, availableParallelism());
      const payers = { phones, otp: OTP };
      const http1 = await httpPaymentRounds(urlOf(appDb), 1, payers, SECONDS, ROUNDS);
      const httpN = await httpPaymentRounds(urlOf(appDb), workers, payers, SECONDS, ROUNDS);
      bench.push(await pgbench());
      const reference = Math.max(...bench);
      const violations = await invariants(database.db);
      const rows: Row[] = [
        rateRow(`money path in process (inject), ${CLIENTS} payers`, money, reference),
        rateRow(`money path over HTTP, built server, 1 worker`, http1, reference),
        rateRow(`money path over HTTP, built server, ${workers} workers (WEB_CONCURRENCY)`, httpN, reference),
        {
          figure: 'ledger invariants after the run',
          value: violations.length ? violations.join('; ') : 'hold',
          reference: '',
          ratio: '',
          bar: 'hold',
          verdict: violations.length ? 'MISSED' : 'ok',
        },
      ];
      const notes = [
        `money path rounds (BENCH_ROUNDS): in process ${money.map((v) => v.toFixed(0)).join(', ')}; HTTP 1 worker ${http1.map((v) => v.toFixed(0)).join(', ')}; HTTP ${workers} workers ${httpN.map((v) => v.toFixed(0)).join(', ')}; pgbench ${bench.map((v) => v.toFixed(0)).join(', ')}`,
      ];
      return { rows, notes };
    } finally {
      await app.close();
      await database.close();
    }
  } finally {
    await admin(async (c) => {
      await c.query(`drop database if exists ${appDb} with (force)`);
      await c.query(`drop database if exists ${pgbenchDb} with (force)`);
    });
  }
}

type App = Awaited<ReturnType<typeof buildApp>>;

/** Logs a payer in with its fixed code and credits it more bonuses than the run can spend (one lot). */
export async function customer(
  app: App,
  db: Parameters<typeof customerAccounts>[0],
  phone: string,
  i: number,
) {
  const remoteAddress = `10.88.${(i >> 8) & 255}.${i & 255}`;
  await app.inject({ method: 'POST', url: '/api/auth/phone', payload: { phone }, remoteAddress });
  const answer = await app.inject({
    method: 'POST',
    url: '/api/auth/token',
    payload: { phone, token: OTP },
    remoteAddress,
  });
  if (answer.statusCode !== 200) throw new Error(`login ${phone}: ${answer.body}`);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
  await inTransaction(db, async (tx) => {
    const accounts = await customerAccounts(tx, user!.id);
    await postTransaction(tx, {
      idempotencyKey: postingKey('test_credit', 'bench', user!.id),
      kind: 'test_credit',
      entries: transfer(SYSTEM_ACCOUNTS.bonus_issued, accounts.bonus, kopecks(1_000_000_000)),
    });
  });
  return (answer.json() as { token: string }).token;
}

/** Each payer pays 10 roubles in bonuses, again and again, for `seconds`: create, process, complete. */
async function payments(app: App, tokens: string[], seconds: number): Promise<number> {
  const until = Date.now() + seconds * 1000;
  let done = 0;
  const started = Date.now();
  await Promise.all(
    tokens.map(async (token) => {
      while (Date.now() < until) {
        await payOnce(app, token);
        done++;
      }
    }),
  );
  return done / ((Date.now() - started) / 1000);
}

/** One shop payment of 10 roubles in bonuses as the site makes it: create, process, complete the draft. */
export async function payOnce(app: App, token: string, retailPointId = 1) {
  const call = async (url: string, payload: object) => {
    const answer = await app.inject({
      method: 'POST',
      url,
      payload,
      headers: { authorization: `Bearer ${token}` },
    });
    if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.statusCode} ${answer.body}`);
    return answer.json() as { data: { draftId: string; status?: number } };
  };
  const draft = await call('/api/loyalty/createDraft', {
    paySum: 10,
    spendBonus: true,
    payType: 'CARD',
    retailPointId,
    idempotencyKey: crypto.randomUUID(),
  });
  const { draftId } = draft.data;
  const processed = await call('/api/loyalty/processDraft', {
    draftId,
    returnUrl: 'http://localhost:3000/loyalty/finish',
  });
  if (processed.data.status !== 0) throw new Error(`draft ${draftId}: status ${processed.data.status}`);
  await call('/api/loyalty/completeDraft', { draftId });
}

async function pgbench(): Promise<number> {
  const { stdout } = await run('pgbench', [
    '-b',
    'simple-update',
    '-c',
    String(CLIENTS),
    '-j',
    '2',
    '-T',
    String(SECONDS),
    '-n',
    urlOf(pgbenchDb),
  ]);
  const tps = /tps = ([\d.]+)/.exec(stdout);
  if (!tps) throw new Error(`pgbench said: ${stdout}`);
  return Number(tps[1]);
}

/** The ledger invariants of docs/design/security.md, as SQL (the test suite's helper needs Vitest). */
async function invariants(db: Parameters<typeof customerAccounts>[0]): Promise<string[]> {
  const found: string[] = [];
  const count = async (label: string, query: string) => {
    const result = (await db.execute(sql.raw(query))) as unknown as { rows: Array<{ n: string }> };
    const n = Number(result.rows[0]?.n ?? 0);
    if (n > 0) found.push(`${n} ${label}`);
  };
  await count(
    'transactions not summing to zero',
    `select count(*) as n from (select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0) t`,
  );
  await count(
    'cached balances off their entries',
    `select count(*) as n from ledger_accounts a where a.balance <> coalesce((select sum(amount) from ledger_entries e where e.account_id = a.id), 0)`,
  );
  await count(
    'negative customer balances',
    `select count(*) as n from ledger_accounts where user_id is not null and balance < 0`,
  );
  await count(
    'drafts still holding',
    `select count(*) as n from payment_drafts where state in ('processing', 'paid')`,
  );
  return found;
}

if (isMain(import.meta.url)) {
  const report = await moneyPathReport();
  printReport(report);
  // A broken ledger invariant fails the run.
  if (report.rows.some((row) => row.verdict === 'MISSED' && row.bar === 'hold')) process.exitCode = 1;
}
