import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps';
import { systemClock, type Clock } from '../core/clock';
import { buildApp } from '../app';
import { testConfig, type Config } from '../config';
import type { Database } from '../db/client';
import { assembleDeps } from '../assemble-deps';
import type { MailProvider } from '../integrations/mail/mail-provider';
import { createConsoleSmsProvider } from '../integrations/sms/console-provider';
import type { Acquirer } from '../integrations/acquirer/acquirer';
import type { FiscalProvider } from '../integrations/fiscal/fiscal-provider';
import type { RateLimiter } from '../lib/rate-limit';
import type { SmsProvider } from '../integrations/sms/sms-provider';
import { createTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  database: Database;
  /** Lines the default console SMS provider logged. */
  smsLog: string[];
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<Config>;
  clock?: Clock;
  /** Share another test app's database (two instances of one deployment). */
  database?: Database;
  /** Another SMS provider; the default is the console provider, whose log lines go to `smsLog`. */
  sms?: SmsProvider;
  /** Another mail provider; the default is the console provider (its outbox: `deps.mail`). */
  mail?: MailProvider;
  /** Another acquirer; the default is the sandbox acquirer. */
  acquirer?: Acquirer;
  /** A cloud till (the fake ATOL's client); the default is the configured one: offline. */
  fiscal?: FiscalProvider;
  /** Another rate limiter (a Redis one); the default is what the config names: the database. */
  rateLimiter?: RateLimiter;
}

/** The whole app on a fresh database (or a shared one), ready for `app.inject`. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const ownsDatabase = !options.database;
  const database = options.database ?? (await createTestDatabase());
  const config = testConfig(options.config);
  const clock = options.clock ?? systemClock;
  const smsLog: string[] = [];
  const sms = options.sms ?? createConsoleSmsProvider({ clock, log: (line) => smsLog.push(line) });
  const deps = assembleDeps({
    config,
    database,
    sms,
    clock,
    acquirer: options.acquirer,
    ...(options.fiscal && { fiscal: options.fiscal }),
    rateLimiter: options.rateLimiter,
    ...(options.mail && { mail: options.mail }),
  });
  const app = await buildApp(deps, { logger: false });
  await app.ready();
  return {
    app,
    deps,
    database,
    smsLog,
    async close() {
      deps.cache.stop();
      await app.close();
      if (ownsDatabase) await database.close();
    },
  };
}
