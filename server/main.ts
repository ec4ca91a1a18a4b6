import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { systemClock } from './core/clock';
import { buildApp } from './app';
import { runPrimary, workerRole, type WorkerRole } from './cluster';
import { ConfigError, loadConfig, type Config } from './config';
import { isDatabaseUnavailable } from './db/availability';
import { openDatabase, type Database } from './db/client';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './app-deps';
import { seedDemoBrand } from './db/seed/demo-brand';
import { seedDemoCustomer } from './db/seed/demo-customer';
import { seedDemoMessages } from './db/seed/demo-messages';
import { assembleDeps } from './assemble-deps';
import { startGiftCardDeliveryJob } from './features/gift-cards/delivery-job';
import { startFiscalJob } from './features/fiscal/fiscal-job';
import { startHoldReleaseJob } from './hold-release-job';
import { startBonusExpiryJob } from './features/programme/expiry-job';
import { loadSite } from './features/site/site-renderer';
import { startStaffSessionPurgeJob } from './features/staff/session-purge';
import { startAuthPurgeJob } from './features/auth/purge';
import { startPaymentReceiptPurgeJob } from './features/payments/receipt-purge';
import { startWebhookDeliveryJob } from './core/events/webhook-job';
import { startWebhookPurgeJob } from './core/events/outbox-purge';
import { announceAgedOutLevels } from './core/events/level-window';
import { startIntervalJob } from './lib/interval-job';
import { readBrandSettings } from './core/brand-settings';
import { closeEndedDays } from './features/reports/rollup';
import { finishUnconfirmedParts } from './features/till/unconfirmed-parts';
import { startMessageJob } from './features/messages/message-job';
import { createChannels } from './features/messages/channels';
import { createAdjustableClock } from './core/adjustable-clock';
import { createMailProvider } from './integrations/mail/create-mail-provider';
import { createSmsProvider } from './integrations/sms/create-sms-provider';

/** The built bundle runs from dist/server; from the source tree the build output is ./dist. */
function distDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  return existsSync(resolve(here, '../client')) ? resolve(here, '..') : resolve('dist');
}

/** Opens the database the configuration names and applies the migrations. */
const openConfiguredDatabase = (config: Config) =>
  openDatabase(
    config.databaseUrl
      ? {
          kind: 'postgres',
          url: config.databaseUrl,
          namedStatements: config.namedStatements,
          ...(config.databaseReadUrl && {
            replica: { url: config.databaseReadUrl, maxLagMs: config.readReplicaMaxLagMs, probeMs: 2000 },
          }),
        }
      : {
          kind: 'pglite',
          dataDir: config.dataDir,
          freshCluster: resolve(distDir(), 'server/pglite-cluster'),
        },
  );

async function seedIfAsked(config: Config, database: Database) {
  if (!config.seedDemo) return;
  await seedDemoBrand(database.db);
  await seedDemoCustomer(database.db);
  await seedDemoMessages(database.db);
}

/** What the primary of several workers does once, before forking them: migrations and the demo seed. */
async function prepareDatabase(config: Config) {
  const database = await openConfiguredDatabase(config);
  try {
    await seedIfAsked(config, database);
  } finally {
    await database.close();
  }
}

/** Loud on purpose (decision 049): what a deployment that forgot a production setting must not take for normal. */
function warnOfDevelopment(app: FastifyInstance, config: Config) {
  if (config.devClock) app.log.warn("DEV_CLOCK is on: POST /api/dev/clock moves the app's time forward");
  if (!config.isProduction) {
    // Loud on purpose (decision 049): a deployment that forgot NODE_ENV=production must not look normal.
    app.log.warn(
      `NODE_ENV=${config.env}, not production: development mode. The outboxes (/api/dev/*, every login code) ` +
        'answer only requests from this machine; set NODE_ENV=production for a real deployment',
    );
  }
  if (config.authSecretIsDefault) {
    app.log.warn(
      'AUTH_SECRET is not set: using the INSECURE, public development secret (refused in production); ' +
        'customer tokens are honoured only from this machine',
    );
  }
}

/**
 * The interval jobs. They claim their work safely on any number of instances; among one instance's workers, the
 * first runs them, so the database is not polled N times as often.
 */
function startJobs(deps: AppDeps, config: Config, app: FastifyInstance) {
  // A job's run that meets the database away is retried by its next run: a short warning, not a stack with
  // the query's parameters.
  const jobFailed = (error: unknown, what: string) => {
    if (!isDatabaseUnavailable(error)) return app.log.error({ err: error }, what);
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : (error as Error);
    app.log.warn({ reason: cause.message }, `${what}: the database is unavailable`);
  };
  return [
    // The payments' and the till's expired holds, one after the other (decision 056).
    startHoldReleaseJob(deps, {
      intervalMs: config.holdReleaseIntervalMs,
      onError: jobFailed,
    }),
    // Bonus expiry shares the hold-release interval: both are minutes-scale housekeeping of the ledger.
    startBonusExpiryJob(deps, {
      intervalMs: config.holdReleaseIntervalMs,
      onError: (error) => jobFailed(error, 'expiring bonuses failed'),
    }),
    startGiftCardDeliveryJob(deps, {
      intervalMs: config.giftCardDeliveryIntervalMs,
      onError: (error) => jobFailed(error, 'sending gift cards failed'),
    }),
    // The 54-FZ receipts' outbox: sent to the cloud till and polled, retried for days (decision 070).
    startFiscalJob(deps, {
      intervalMs: config.fiscalIntervalMs,
      onError: (error) => jobFailed(error, 'sending fiscal receipts failed'),
    }),
    // Events out to the chain's systems (decision 073): every few seconds, a member's events in order.
    startWebhookDeliveryJob(
      { db: deps.db, clock: deps.clock, production: config.isProduction },
      { onError: (error) => jobFailed(error, 'delivering webhooks failed') },
    ),
    // Levels that fall as purchases leave the 12 months, told to the chain's systems (decision 079).
    startIntervalJob(() => announceAgedOutLevels(deps), {
      intervalMs: config.holdReleaseIntervalMs,
      onError: (error) => jobFailed(error, 'announcing level changes failed'),
    }),
    // The outbox's events a month old and their finished deliveries: hourly (decision 079).
    startWebhookPurgeJob(deps, {
      intervalMs: 60 * 60_000,
      onError: (error) => jobFailed(error, 'purging old webhook events failed'),
    }),
    // Messages to members (decision 076): scheduled campaigns, triggers, the send queue, every 2 s.
    startMessageJob(
      { db: deps.db, clock: deps.clock, config, channels: createChannels(deps) },
      { onError: (error) => jobFailed(error, 'sending messages failed') },
    ),
    // Housekeeping of rows a month old: hourly is plenty (decision 033).
    startStaffSessionPurgeJob(deps, {
      intervalMs: 60 * 60_000,
      onError: (error) => jobFailed(error, 'purging ended staff sessions failed'),
    }),
    // Login rows past their windows, and dead sessions' refresh tokens: hourly too (decision 044).
    startAuthPurgeJob(deps, {
      intervalMs: 60 * 60_000,
      onError: (error) => jobFailed(error, 'purging old login rows failed'),
    }),
    // The card money of returns the bank did not confirm, asked again once nobody is asking (decision 087).
    startIntervalJob(() => finishUnconfirmedParts(deps), {
      intervalMs: 60_000,
      onError: (error) => jobFailed(error, 'finishing unconfirmed card refunds failed'),
    }),
    // The reports' ended days into the daily rollup, so no operator's request computes them: hourly (decision 088).
    startIntervalJob(async () => closeEndedDays(deps.db, (await readBrandSettings(deps.db)).timeZone), {
      intervalMs: 60 * 60_000,
      onError: (error) => jobFailed(error, 'closing report days failed'),
    }),
    // Tills' receipts for site payments a day past their time that no payment names: hourly (decision 071).
    startPaymentReceiptPurgeJob(deps, {
      intervalMs: 60 * 60_000,
      onError: (error) => jobFailed(error, 'purging expired payment receipts failed'),
    }),
  ];
}

/** SIGTERM and SIGINT finish the requests in flight, stop the jobs, then close what `close` names; 10 s at most. */
function stopOnSignals(
  app: FastifyInstance,
  jobs: Array<{ stop(): Promise<void> }>,
  stopCache: () => void,
  close: () => Promise<void>,
) {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      stopCache();
      for (const job of jobs) await job.stop();
      await app.close();
      await close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

async function start(config: Config, role: WorkerRole) {
  const database = await openConfiguredDatabase(config);
  // Several workers: the primary has seeded already (two seeding at once would race).
  if (role.count === 1) await seedIfAsked(config, database);
  const clock = config.devClock ? createAdjustableClock(systemClock) : systemClock;
  // The console provider logs through the app's logger, which exists only once the app is built.
  let logLine = (line: string) => console.log(line);
  let logWarning = (line: string) => console.warn(line);
  const deps = assembleDeps({
    config,
    database,
    sms: createSmsProvider(config, clock, (line) => logLine(line)),
    mail: createMailProvider(config, database.db, clock, (line) => logLine(line)),
    clock,
    onBankDirectoryError: (error) =>
      logWarning(`SBP_BANKS_URL failed, serving the bundled bank list: ${String(error)}`),
    log: (line) => logLine(line),
  });
  const { cache } = deps;
  const app = await buildApp(deps, { site: await loadSite(distDir()) });
  logLine = (line) => app.log.info(line);
  logWarning = (line) => app.log.warn(line);
  warnOfDevelopment(app, config);
  cache.start();
  const jobs = role.index === 0 ? startJobs(deps, config, app) : [];
  stopOnSignals(
    app,
    jobs,
    () => cache.stop(),
    async () => {
      await deps.rateLimiter.close();
      await database.close();
    },
  );

  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    { database: database.kind, url: config.publicUrl, worker: role.count > 1 ? role.index : undefined },
    'Kopilka is ready',
  );
}

try {
  const config = loadConfig();
  if (cluster.isPrimary && config.webConcurrency > 1) {
    await runPrimary(config.webConcurrency, () => prepareDatabase(config));
  } else {
    await start(config, workerRole(config.webConcurrency));
  }
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78);
  }
  console.error(error);
  process.exit(1);
}
