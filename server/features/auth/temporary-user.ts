import { randomUUID } from 'node:crypto';
import type { TokenPair } from '../../../common/contract/auth';
import type { AppDeps } from '../../app-deps';
import { inTransaction } from '../../db/in-transaction';
import { takeOrRefuse } from '../../lib/rate-limit';
import { keysFor } from './auth-context';
import { startSession } from './token-service';

/** Temporary loyalty users one address may create in an hour. */
export const TEMPORARY_USERS_PER_HOUR = 20;

/**
 * `api/loyalty/createUser`: a visitor with no token pair gets a customer of their own, identified by a
 * placeholder (`temp-<uuid>`) instead of a phone, and an ordinary session, so they can pay and earn. Limited
 * per address. The placeholder never matches a phone, so the cabinet's phone-bound calls refuse it.
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
