import type { Clock } from '#server/core/clock';
import type { Config } from '#server/config';
import type { Db } from '#server/db/client';
import { createConsoleMailProvider } from './console-provider';
import type { MailProvider } from './mail-provider';
import { createSmtpMailProvider } from './smtp-provider';

/** The provider the configuration names (config has already refused console in production unless allowed). */
export function createMailProvider(
  config: Config,
  db: Db,
  clock: Clock,
  log: (line: string) => void,
): MailProvider {
  if (config.mailProvider === 'smtp') {
    return createSmtpMailProvider({ url: config.smtpUrl ?? '', from: config.mailFrom });
  }
  return createConsoleMailProvider({ db, clock, log });
}
