// npx tsx bench/webhooks.ts: what emitting events costs the money path (issue 31 item 5, decision 073): a till
// accrual through the whole app (`inject`) on the local PostgreSQL with an active endpoint subscribed to
// `operation.posted` (each accrual writes its event and delivery rows in its own transaction), beside the same
// accrual with the endpoint switched off (the outbox asked nothing: the cached endpoints say none), in the same
// run, rounds alternating so the machine's noise falls on both. The delivery job is not running: the figure is
// the money path's, not the sending's. Bar: at most 5% slower.
import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { assembleDeps } from '../server/assemble-deps';
import { systemClock } from '../server/core/clock';
import { loadConfig } from '../server/config';
import { openDatabase, type Db } from '../server/db/client';
import { webhookEvents } from '../server/db/schema/webhooks';
import { seedDemoBrand } from '../server/db/seed/demo-brand';
import { scratchDatabase } from './scratch-database';
import { openBenchVisit } from './till-visit';
import { createConsoleSmsProvider } from '../server/integrations/sms/console-provider';
import { isMain, median, printReport, verdict, type Report } from './lib';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const PER_ROUND = Number(process.env.BENCH_ACCRUALS ?? 60);
const OPERATOR_TOKEN = 'bench-operator-token-0123456789abcdef0123';
const scratch = scratchDatabase('webhooks');

/** A member with a card and a visit open for the run at point 1: the accruals' customer. */
const openVisit = async (db: Db, keyId: string) => (await openBenchVisit(db, keyId, 73)).visitId;

/** The till's key, the member's visit and the endpoint: an accrual, and switching the endpoint on and off. */
async function prepare(app: Awaited<ReturnType<typeof buildApp>>, db: Db) {
  const call = async (method: 'POST' | 'PATCH', url: string, payload: object, key = OPERATOR_TOKEN) => {
    const response = await app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${key}` },
      payload,
    });
    if (response.statusCode !== 200) throw new Error(`${url} ${response.statusCode}: ${response.body}`);
    return response.json() as Record<string, string>;
  };
  const { keyId, key } = await call('POST', '/api/operator/till-keys', {
    retailPointId: 1,
    label: 'Касса',
  });
  const visitId = await openVisit(db, keyId!);
  const endpoint = await call('POST', '/api/operator/webhooks', {
    url: 'http://127.0.0.1:9/bench',
    eventTypes: ['operation.posted'],
  });
  const switchTo = (active: boolean) =>
    call('PATCH', `/api/operator/webhooks/${endpoint.id}`, { active }, OPERATOR_TOKEN);
  const accrue = () =>
    call('POST', '/api/till/accrue', { visitId, sum: 1234.5, idempotencyKey: `bench-${randomUUID()}` }, key);
  return { accrue, switchTo };
}

export async function webhooksReport(): Promise<Report> {
  await scratch.create();
  const database = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 8 });
  try {
    await seedDemoBrand(database.db);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', OPERATOR_TOKEN });
    const sms = createConsoleSmsProvider({ clock: systemClock, log: () => undefined });
    const app = await buildApp(assembleDeps({ config, database, sms }), { logger: false });
    try {
      const { accrue, switchTo } = await prepare(app, database.db);
      const timed = async (active: boolean) => {
        await switchTo(active);
        const started = performance.now();
        for (let i = 0; i < PER_ROUND; i++) await accrue();
        return (performance.now() - started) / PER_ROUND;
      };
      await timed(false); // warm-up: the caches, the prepared statements, the JIT
      await timed(true);
      const without: number[] = [];
      const withEndpoint: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        // Alternate which goes first, so neither always follows the other.
        if (round % 2) {
          withEndpoint.push(await timed(true));
          without.push(await timed(false));
        } else {
          without.push(await timed(false));
          withEndpoint.push(await timed(true));
        }
      }
      const events = (await database.db.select({ n: count() }).from(webhookEvents))[0]!.n;
      const ratio = median(withEndpoint) / median(without);
      return {
        rows: [
          {
            figure: 'till accrual with an active endpoint (outbox rows written)',
            value: `${median(withEndpoint).toFixed(2)} ms`,
            reference: `no active endpoint ${median(without).toFixed(2)} ms`,
            ratio: `${ratio.toFixed(3)}×`,
            bar: '<= 1.05×',
            verdict: verdict(ratio <= 1.05),
          },
        ],
        notes: [
          `webhooks: ${events} events written (${(ROUNDS + 1) * PER_ROUND} expected); rounds (ms per accrual) with ${withEndpoint.map((v) => v.toFixed(2)).join(', ')}; without ${without.map((v) => v.toFixed(2)).join(', ')}`,
        ],
      };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await scratch.drop();
  }
}

if (isMain(import.meta.url)) printReport(await webhooksReport());
