import { systemClock, type AppDeps, type Clock } from './app-deps';
import type { Config } from './config';
import type { Database } from './db/client';
import { isLoggedInWith } from './features/auth/access';
import type { Acquirer } from './integrations/acquirer/acquirer';
import { createSandboxAcquirer } from './integrations/acquirer/sandbox-acquirer';
import { createConsoleMailProvider, type MailProvider } from './integrations/mail/mail-provider';
import type { SmsProvider } from './integrations/sms/sms-provider';
import { createContentCache } from './lib/content-cache';

/** Wires the app's dependencies the same way for the process, the tests and the benchmarks. */
export function assembleDeps(input: {
  config: Config;
  database: Database;
  sms: SmsProvider;
  clock?: Clock;
  /** The sandbox acquirer unless given. */
  acquirer?: Acquirer;
  /** The console mail outbox unless given. */
  mail?: MailProvider;
  /** Where the console mail provider logs. */
  log?: (line: string) => void;
}): AppDeps {
  const clock = input.clock ?? systemClock;
  const access = { config: input.config, db: input.database.db, clock };
  return {
    ...access,
    database: input.database,
    cache: createContentCache(input.database.db, input.config.contentPollMs),
    sms: input.sms,
    acquirer:
      input.acquirer ??
      createSandboxAcquirer({ db: input.database.db, clock, publicUrl: input.config.publicUrl }),
    mail:
      input.mail ??
      createConsoleMailProvider({ db: input.database.db, clock, log: input.log ?? (() => undefined) }),
    isLoggedIn: isLoggedInWith(access),
  };
}
