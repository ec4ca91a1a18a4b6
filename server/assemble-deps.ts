import { type AppDeps } from './app-deps';
import { systemClock, type Clock } from './core/clock';
import type { Config } from './config';
import type { Database } from './db/client';
import { databaseRateLimiter, type RateLimiter } from './lib/rate-limit';
import { createRedisRateLimiter } from './lib/redis-rate-limit';
import type { Acquirer } from './integrations/acquirer/acquirer';
import { createAcquirer } from './integrations/acquirer/create-acquirer';
import { createFiscalProvider } from './integrations/fiscal/create-fiscal-provider';
import type { FiscalProvider } from './integrations/fiscal/fiscal-provider';
import { createBankDirectory } from './integrations/bank-directory/bank-directory';
import { createConsoleMailProvider } from './integrations/mail/console-provider';
import type { MailProvider } from './integrations/mail/mail-provider';
import type { SmsProvider } from './integrations/sms/sms-provider';
import { createContentCache } from './lib/content-cache';

/** Wires the app's dependencies the same way for the process, the tests and the benchmarks. */
export function assembleDeps(input: {
  config: Config;
  database: Database;
  sms: SmsProvider;
  /** The default keeps mail in a console outbox (tests and benchmarks that do not look at it). */
  mail?: MailProvider;
  clock?: Clock;
  /** Told when SBP_BANKS_URL fails and the bundled bank list is served instead. */
  onBankDirectoryError?: (error: unknown) => void;
  /** The acquirer the configuration names (ACQUIRER) unless given. */
  acquirer?: Acquirer;
  /** The cloud till the configuration names (FISCAL_PROVIDER) unless given. */
  fiscal?: FiscalProvider;
  /** Where the default console mail provider logs (and the Redis limiter its going away and coming back). */
  log?: (line: string) => void;
  /** The limiter the configuration names (REDIS_URL, else the database) unless given. */
  rateLimiter?: RateLimiter;
}): AppDeps {
  const clock = input.clock ?? systemClock;
  return {
    config: input.config,
    db: input.database.db,
    readDb: input.database.readDb,
    clock,
    database: input.database,
    rateLimiter: input.rateLimiter ?? createRateLimiter(input.config, input.log),
    cache: createContentCache(input.database.db, input.config.contentPollMs),
    sms: input.sms,
    acquirer: input.acquirer ?? createAcquirer(input.config, { db: input.database.db, clock }),
    fiscal: input.fiscal ?? createFiscalProvider(input.config, clock),
    mail:
      input.mail ??
      createConsoleMailProvider({ db: input.database.db, clock, log: input.log ?? (() => undefined) }),
    bankDirectory: createBankDirectory({
      url: input.config.sbpBanksUrl,
      clock,
      onError: input.onBankDirectoryError,
    }),
  };
}

function createRateLimiter(config: Config, log: (line: string) => void = () => undefined): RateLimiter {
  if (!config.redisUrl) return databaseRateLimiter;
  return createRedisRateLimiter({
    url: config.redisUrl,
    keyPrefix: config.redisKeyPrefix,
    // The URL may carry a password: only the state and the reason are logged.
    onStateChange: (state, error) =>
      log(
        state === 'up'
          ? 'Redis is back: rate limits are counted again'
          : `Redis is unreachable, limited requests are refused until it is back: ${error?.message ?? 'closed'}`,
      ),
  });
}
