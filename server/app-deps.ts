import type { Config } from './config';
import type { Clock } from './core/clock';
import type { Database, Db } from './db/client';
import type { RateLimiter } from './lib/rate-limit';
import type { Acquirer } from './integrations/acquirer/acquirer';
import type { FiscalProvider } from './integrations/fiscal/fiscal-provider';
import type { MailProvider } from './integrations/mail/mail-provider';
import type { BankDirectory } from './integrations/bank-directory/bank-directory';
import type { SmsProvider } from './integrations/sms/sms-provider';
import type { ContentCache } from './lib/content-cache';

/** What buildApp needs from the outside world; tests hand in their own. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  /** Reads that may be a moment old: a replica's with DATABASE_READ_URL, else `db` (decision 074). */
  readDb: Db;
  cache: ContentCache;
  clock: Clock;
  /** Counts the fixed-window limits every instance shares: the database, or Redis with REDIS_URL. */
  rateLimiter: RateLimiter;
  /** Sends login codes (the console provider in development and tests). */
  sms: SmsProvider;
  /** Sends e-mail: feedback to the operator, cheques to customers (the console outbox in development). */
  mail: MailProvider;
  /** The SBP member banks (SBP_BANKS_URL, else the bundled list). */
  bankDirectory: BankDirectory;
  /** Takes card and SBP payments (the sandbox acquirer by default). */
  acquirer: Acquirer;
  /** The cloud till that issues 54-FZ receipts in the `cloud` mode (none by default: they wait; decision 070). */
  fiscal: FiscalProvider;
}
