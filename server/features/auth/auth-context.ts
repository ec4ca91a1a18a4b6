import type { Clock } from '#server/core/clock';
import type { Config } from '#server/config';
import type { Db } from '#server/db/client';
import type { SmsProvider } from '#server/integrations/sms/sms-provider';
import { deriveAuthKeys, type AuthKeys } from './auth-crypto';
import type { RateLimiter } from '#server/lib/rate-limit';

/** What the login services need: taken as an argument so tests hand in a fake clock. */
export interface AuthContext {
  db: Db;
  config: Config;
  clock: Clock;
  keys: AuthKeys;
}

export interface SmsAuthContext extends AuthContext {
  sms: SmsProvider;
  rateLimiter: RateLimiter;
}

const keysBySecret = new Map<string, AuthKeys>();

/** Keys derived once per secret (deriving costs little, but every authenticated request needs them). */
export function keysFor(secret: string): AuthKeys {
  let keys = keysBySecret.get(secret);
  if (!keys) {
    keys = deriveAuthKeys(secret);
    keysBySecret.set(secret, keys);
  }
  return keys;
}

/** Drizzle's transaction object is a narrower type than Db but runs the same queries. */
export type Tx = Db;
export const inTransaction = <T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> =>
  db.transaction((tx) => work(tx as unknown as Tx));
