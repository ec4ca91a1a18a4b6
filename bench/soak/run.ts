// npm run soak: two instances of the built app on a PostgreSQL of the soak's own and the machine's Redis, a
// mixed storm over loopback while that PostgreSQL is restarted and its connections cut, then the checks. Bounded
// in time (SOAK_SECONDS), cleans up after itself (also on error and Ctrl-C), exits 1 on any violation.
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { openDatabase, type Database } from '#server/db/client';
import { seedDemoBrand } from '#server/db/seed/demo-brand';
import { seedDemoCustomer } from '#server/db/seed/demo-customer';
import { AUTH_LIMITS } from '#server/features/auth/limits';
import { TEMPORARY_USERS_PER_HOUR } from '#server/features/auth/temporary-user';
import { call, expectOk, Recorder } from './http';
import { injectFaults, type FaultResult } from './faults';
import { login, OTP, type Session, type Till } from './flows';
import { startInstance, type Instance } from './instances';
import { startPostgres, type SoakPostgres } from './postgres';
import { creditBonuses } from './setup';
import { storm } from './storm';
import { checkAfterwards } from './checks';
import { printSoakTable } from './report';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const PG_PORT = Number(process.env.SOAK_PG_PORT ?? 55433);
const PORT_BASE = Number(process.env.SOAK_PORT_BASE ?? 4100);
const REDIS_URL = process.env.SOAK_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const FAULTS = Number(process.env.SOAK_FAULTS ?? Math.max(3, Math.round(SECONDS / 10)));
const DEMO_PHONE = '79000000001';

const phones = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(11 - prefix.length, '0')}`);
const loginPhones = phones('7960', 12);
const payerPhones = phones('7961', 5);
const probePhones = phones('7962', 200);

const log = (line: string) => console.log(`soak: ${line}`);
let stopped = false;
const cleanups: (() => Promise<unknown>)[] = [];
async function cleanUp() {
  for (const step of cleanups.reverse()) await step().catch((e) => log(`clean-up: ${String(e)}`));
  cleanups.length = 0;
}
process.on('SIGINT', () => {
  if (stopped) return;
  stopped = true;
  log('stopping (Ctrl-C): the storm ends, then everything is cleaned up');
});

/** The soak's database: the demo brand and customer, and bonuses that may pay a whole purchase. */
async function prepareDatabase(postgres: SoakPostgres): Promise<Database> {
  const database: Database = await openDatabase({ kind: 'postgres', url: postgres.url, poolSize: 4 });
  cleanups.push(() => database.close());
  await seedDemoBrand(database.db);
  await seedDemoCustomer(database.db);
  // Bonuses may pay a whole purchase (bonus-only payments complete without the bank).
  await database.db.execute(
    sql`update brand_settings set settings = jsonb_set(settings, '{maxSpendPercent}', '100'::jsonb)`,
  );
  return database;
}

/** A till key of point 1 and the demo customer's card, whose member codes the till presents. */
async function prepareTill(bases: string[], operatorToken: string): Promise<Till> {
  const key = expectOk(
    'issue till key',
    await call(bases[0]!, 'POST', '/api/operator/till-keys', {
      token: operatorToken,
      json: { retailPointId: 1, label: 'Soak' },
    }),
  ).body as { key: string };
  const demo = await login(bases[1]!, DEMO_PHONE);
  const info = expectOk('user info', await call(bases[1]!, 'GET', '/api/user/info', { token: demo.token }))
    .body as { info: { cards: { cardNum: string; active: boolean }[] }; salt: string };
  const card = info.info.cards.find((c) => c.active) ?? info.info.cards[0];
  if (!card) throw new Error('the demo customer has no card');
  return { key: key.key, cardNum: card.cardNum, secret: info.salt, usedCodes: new Set() };
}

async function main(): Promise<number> {
  // Within an access token's 15 minutes: the payers log in once, before the storm.
  if (!(SECONDS >= 10 && SECONDS <= 600)) throw new Error('SOAK_SECONDS: 10 to 600');
  if (!existsSync('dist/server/main.js')) {
    log('no dist/: npm run build');
    if (spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status !== 0)
      throw new Error('build failed');
  }
  const postgres: SoakPostgres = await startPostgres(PG_PORT, log);
  cleanups.push(() => postgres.stop());
  const database = await prepareDatabase(postgres);
  const prefix = `kopilka-soak:${randomUUID()}:`;
  cleanups.push(() => deleteRedisKeys(prefix));
  const operatorToken = randomBytes(24).toString('hex');
  const logDir = mkdtempSync('/tmp/kopilka-soak-logs-');
  const env = {
    NODE_ENV: 'development',
    DATABASE_URL: postgres.url,
    REDIS_URL,
    REDIS_KEY_PREFIX: prefix,
    AUTH_SECRET: randomBytes(24).toString('hex'),
    OPERATOR_TOKEN: operatorToken,
    SMS_TEST_OTP: [...loginPhones, ...payerPhones, DEMO_PHONE].map((p) => `${p}:${OTP}`).join(','),
    LOG_LEVEL: 'warn',
    GIFT_CARD_DELIVERY_INTERVAL_MS: '2000',
  };
  const instances: Instance[] = [];
  for (const [n, name] of ['a', 'b'].entries()) {
    const instance = await startInstance({ name, port: PORT_BASE + 1 + n, env, logDir });
    instances.push(instance);
    cleanups.push(() => instance.stop());
  }
  const bases = instances.map((i) => i.url);
  log(`instances ${bases.join(', ')}; Redis prefix ${prefix}; logs in ${logDir}`);

  const till = await prepareTill(bases, operatorToken);
  const payers: Session[] = [];
  for (const phone of payerPhones) payers.push(await login(bases[payers.length % 2]!, phone));
  // The till spends the demo customer's bonuses faster than its accruals earn them.
  await creditBonuses(database.db, [...payerPhones, DEMO_PHONE]);

  const recorder = new Recorder();
  const startedAt = Date.now();
  const until = startedAt + SECONDS * 1000;
  log(`storm for ${SECONDS} s with ${FAULTS} faults`);
  const [acked, faults] = await Promise.all([
    storm(
      { bases, until, loginPhones, payers, till, probePhones, recipientPhone: '79630000001' },
      recorder,
      () => stopped,
    ),
    injectFaults({
      postgres,
      bases,
      startedAt,
      count: FAULTS,
      until,
      stopped: () => stopped,
      alive: () => instances.every((i) => i.exit() === null),
    }),
  ]);
  log('storm over: checking');
  const violations = [
    ...instances.map((i) => i.exit()).filter((e): e is string => e !== null),
    ...faults
      .filter((f) => f.recoveryMs === null)
      .map((f) => `no recovery after ${f.kind} at ${f.atSecond} s`),
    ...recorder.unexpected.map((u) => `unexpected answer: ${u}`),
    ...(await checkAfterwards(database.db, acked, bases)),
  ];
  const codes = [...acked.smsAccepted.values()].reduce((a, b) => a + b, 0);
  printSoakTable(recorder, faults as FaultResult[], violations, {
    seconds: Math.round((Date.now() - startedAt) / 1000),
    limits: [
      `limits across both instances: ${codes} codes sent to one address (at most ${AUTH_LIMITS.ipSendsPerWindow} an hour), ` +
        `${acked.temporaryUsers} temporary users (at most ${TEMPORARY_USERS_PER_HOUR} an hour)`,
    ],
  });
  if (violations.length === 0) rmSync(logDir, { recursive: true, force: true });
  else log(`instance logs kept in ${logDir}`);
  return violations.length === 0 ? 0 : 1;
}

async function deleteRedisKeys(prefix: string) {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    const keys: string[] = [];
    for await (const batch of redis.scanStream({ match: `${prefix}*`, count: 500 })) keys.push(...batch);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error(`soak: failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
} finally {
  await cleanUp();
}
process.exit(stopped && code === 0 ? 130 : code);
