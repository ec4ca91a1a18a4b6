import { and, inArray, isNotNull, lt, or } from 'drizzle-orm';
import type { AppDeps } from '#server/app-deps';
import { deleteBatch } from '#server/db/delete-batch';
import { authFailures, refreshTokens, sessions, smsSends } from '#server/db/schema/auth';
import { startIntervalJob } from '#server/lib/interval-job';
import { purgeEndedWindows } from '#server/lib/rate-limit';
import { AUTH_LIMITS as L } from './limits';

const DAY_MS = 86_400_000;
/** Rows deleted per table and run: an hourly run keeps up with far more logins than a brand sees. */
const BATCH = 5000;

/**
 * How long each kind of row is kept after it stops counting (decision 044). A day past the longest window that
 * reads it: `sms_sends` count 10 minutes, `auth_failures` 24 hours; a dead session's refresh tokens (revoked,
 * or idle past the 30-day limit) answer "Сессия завершена" whether their row is there or not. The limits'
 * windows (`rate_limits`) are the limiter's to purge (`purgeEndedWindows`).
 */
export const AUTH_KEEP = {
  smsSendsMs: DAY_MS,
  authFailuresMs: L.failureWindowMs + DAY_MS,
  deadSessionTokensMs: DAY_MS,
} as const;

export interface AuthPurge {
  smsSends: number;
  authFailures: number;
  rateLimits: number;
  refreshTokens: number;
}

/**
 * Deletes what no login check reads any more, up to `BATCH` rows of each table a run. Nothing references these
 * rows; a row another instance deleted first is simply not deleted twice. The sessions themselves stay: an
 * access token's check reads them, and they are one row per login.
 */
export async function purgeAuthRows(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<AuthPurge> {
  const now = deps.clock.now();
  const before = (ms: number) => new Date(now.getTime() - ms);
  const { db } = deps;
  const deadSessions = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      or(
        and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, before(AUTH_KEEP.deadSessionTokensMs))),
        lt(sessions.lastUsedAt, before(L.sessionIdleMs + AUTH_KEEP.deadSessionTokensMs)),
      ),
    );
  return {
    smsSends: await deleteBatch(
      db,
      smsSends,
      smsSends.id,
      lt(smsSends.sentAt, before(AUTH_KEEP.smsSendsMs)),
      BATCH,
    ),
    authFailures: await deleteBatch(
      db,
      authFailures,
      authFailures.id,
      lt(authFailures.failedAt, before(AUTH_KEEP.authFailuresMs)),
      BATCH,
    ),
    rateLimits: await purgeEndedWindows(db, now, BATCH),
    refreshTokens: await deleteBatch(
      db,
      refreshTokens,
      refreshTokens.tokenHash,
      inArray(refreshTokens.sessionId, deadSessions),
      BATCH,
    ),
  };
}

/** The purge every `intervalMs` in this process (the first worker of each instance, like the other jobs). */
export function startAuthPurgeJob(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  options: { intervalMs: number; onError: (error: unknown) => void },
) {
  return startIntervalJob(() => purgeAuthRows(deps), options);
}
