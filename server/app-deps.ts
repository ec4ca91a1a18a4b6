import type { FastifyRequest } from 'fastify';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Acquirer } from './integrations/acquirer/acquirer';
import type { MailProvider } from './integrations/mail/mail-provider';
import type { SmsProvider } from './integrations/sms/sms-provider';
import type { ContentCache } from './lib/content-cache';

/** A clock services take as an argument, so tests can move time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** What buildApp needs from the outside world; tests hand in their own. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  cache: ContentCache;
  clock: Clock;
  /** Sends login codes (the console provider in development and tests). */
  sms: SmsProvider;
  /** Takes card and SBP payments (the sandbox acquirer by default). */
  acquirer: Acquirer;
  /** Sends cheques (the console outbox by default). */
  mail: MailProvider;
  /** Whether the request carries a valid access token (the header's `isLogged`). */
  isLoggedIn(request: FastifyRequest): Promise<boolean>;
}
