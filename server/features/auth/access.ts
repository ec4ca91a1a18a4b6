import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '#server/app-deps';
import { prepared } from '#server/db/prepared';
import { sessions, users } from '#server/db/schema/auth';
import { AppError } from '#server/errors';
import type { AuthUser } from '#server/lib/callers';
import { isLoopbackClient } from '#server/lib/loopback-client';
import { keysFor } from './auth-context';
import { AUTH_LIMITS as L } from './limits';
import { verifyAccessToken } from './token-service';

export type AccessDeps = Pick<AppDeps, 'db' | 'config' | 'clock'>;

const BEARER = /^Bearer ([A-Za-z0-9_.-]{1,2000})$/;

/** The spec's 401 answer: the client refreshes its tokens on exactly this message. */
export const invalidToken = () => new AppError('INVALID_TOKEN', 'Invalid Token');

/** The open session's customer: read on every authenticated request, so built once (decision 037). */
const sessionPhone = prepared('auth_session_phone', { phone: users.phone }, (db) =>
  db
    .select({ phone: users.phone })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
        gt(sessions.lastUsedAt, sql.placeholder('idleSince')),
      ),
    ),
);

/**
 * The caller of a request with a valid access token whose session is still open, or null. The session is
 * read on every call (one primary-key lookup), so logout and family revocation take effect at once.
 */
export async function authenticate(deps: AccessDeps, request: FastifyRequest): Promise<AuthUser | null> {
  const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
  if (!token) return null;
  // Anyone can sign a token with the public development secret: such tokens are this machine's only (decision
  // 049), so a deployment that forgot AUTH_SECRET opens no account to the network. Production requires it.
  if (deps.config.authSecretIsDefault && !isLoopbackClient(request)) return null;
  const now = deps.clock.now();
  const claims = await verifyAccessToken(keysFor(deps.config.authSecret), token, now);
  if (!claims) return null;
  const [row] = await sessionPhone(deps.db, {
    sessionId: claims.sessionId,
    userId: claims.userId,
    idleSince: new Date(now.getTime() - L.sessionIdleMs).toISOString(),
  });
  return row ? { ...claims, phone: row.phone } : null;
}
