import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { systemClock } from './core/clock';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { isDatabaseUnavailable } from './db/availability';
import { openDatabase } from './db/client';
import { seedDemoBrand } from './db/seed/demo-brand';
import { seedDemoCustomer } from './db/seed/demo-customer';
import { assembleDeps } from './assemble-deps';
import { startGiftCardDeliveryJob } from './features/gift-cards/delivery-job';
import { startHoldReleaseJob } from './features/payments/hold-release-job';
import { startBonusExpiryJob } from './features/programme/expiry-job';
import { loadSite } from './features/site/site-renderer';
import { startTillHoldReleaseJob } from './features/till/hold-release-job';
import { createAdjustableClock } from './core/adjustable-clock';
import { createMailProvider } from './integrations/mail/create-mail-provider';
import { createSmsProvider } from './integrations/sms/create-sms-provider';

/** The built bundle runs from dist/server; from the source tree the build output is ./dist. */
function distDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  return existsSync(resolve(here, '../client')) ? resolve(here, '..') : resolve('dist');
}

async function start(config: Config) {
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : {
          kind: 'pglite',
          dataDir: config.dataDir,
          freshCluster: resolve(distDir(), 'server/pglite-cluster.tar.gz'),
        },
  );
  if (config.seedDemo) {
    await seedDemoBrand(database.db);
    await seedDemoCustomer(database.db);
  }
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
  if (config.devClock) app.log.warn("DEV_CLOCK is on: POST /api/dev/clock moves the app's time forward");
  if (config.authSecretIsDefault) {
    app.log.warn('AUTH_SECRET is not set: using the INSECURE development secret (refused in production)');
  }
  // A job's run that meets the database away is retried by its next run: a short warning, not a stack with
  // the query's parameters.
  const jobFailed = (error: unknown, what: string) => {
    if (!isDatabaseUnavailable(error)) return app.log.error({ err: error }, what);
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : (error as Error);
    app.log.warn({ reason: cause.message }, `${what}: the database is unavailable`);
  };
  cache.start();
  const holdRelease = startHoldReleaseJob(deps, {
    intervalMs: config.holdReleaseIntervalMs,
    onError: (error) => jobFailed(error, 'releasing expired payment holds failed'),
  });
  const tillHoldRelease = startTillHoldReleaseJob(deps, {
    intervalMs: config.holdReleaseIntervalMs,
    onError: (error) => jobFailed(error, 'releasing expired till holds failed'),
  });
  // Bonus expiry shares the hold-release interval: both are minutes-scale housekeeping of the ledger.
  const bonusExpiry = startBonusExpiryJob(deps, {
    intervalMs: config.holdReleaseIntervalMs,
    onError: (error) => jobFailed(error, 'expiring bonuses failed'),
  });
  const giftCardDelivery = startGiftCardDeliveryJob(deps, {
    intervalMs: config.giftCardDeliveryIntervalMs,
    onError: (error) => jobFailed(error, 'sending gift cards failed'),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      cache.stop();
      await holdRelease.stop();
      await tillHoldRelease.stop();
      await bonusExpiry.stop();
      await giftCardDelivery.stop();
      await app.close();
      await deps.rateLimiter.close();
      await database.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info({ database: database.kind, url: config.publicUrl }, 'Kopilka is ready');
}

try {
  await start(loadConfig());
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78);
  }
  console.error(error);
  process.exit(1);
}
