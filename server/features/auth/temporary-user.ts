import { randomUUID } from 'node:crypto';
import type { TokenPair } from '#common/contract/auth';
import type { AppDeps } from '#server/app-deps';
import { inTransaction } from '#server/db/in-transaction';
import { takeOrRefuse } from '#server/lib/rate-limit';
import { keysFor } from './auth-context';
import { startSession } from './token-service';

/**
 * Temporary loyalty users one address may create in an hour: a flood guard only, never a shop's limit. A browser
 * keeps its payer and reuses it, so one shopper is one payer, and hundreds of shoppers share one address behind
 * a shop's Wi-Fi or a carrier's NAT; what each payer may do is limited instead (payments/temporary-payer-limit.ts,
 * decision 051). 600 an hour is a payer every 6 seconds from one address, all day.
 */
export const TEMPORARY_USERS_PER_HOUR = 600;

/**
 * `api/loyalty/createUser`: a visitor with no token pair gets a customer of their own, identified by a
 * placeholder (`temp-<uuid>`) instead of a phone, and an ordinary session, so they can pay and earn. A loose
 * limit per address against floods; the payer's own actions are what is limited. The placeholder never matches a phone, so the cabinet's phone-bound calls refuse it.
 */
export async function createTemporaryUser(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock' | 'rateLimiter'>,
  ip: string,
): Promise<TokenPair> {
  await takeOrRefuse(deps, {
    key: `loyalty-user:ip:${ip}`,
    max: TEMPORARY_USERS_PER_HOUR,
    windowMs: 3_600_000,
    message: 'Слишком много запросов. Попробуйте позже',
  });
  const now = deps.clock.now();
  return inTransaction(deps.db, (tx) =>
    startSession(tx, keysFor(deps.config.authSecret), `temp-${randomUUID()}`, now),
  );
}
