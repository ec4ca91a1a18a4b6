import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { sessions, users } from '../../db/schema/auth';
import { AppError } from '../../errors';
import { keysFor } from './auth-context';
import { AUTH_LIMITS as L } from './limits';
import { verifyAccessToken } from './token-service';

/** Who is calling: the customer, the session their token belongs to, and their phone. */
export interface AuthUser {
  userId: string;
  sessionId: string;
  phone: string;
}

export type AccessDeps = Pick<AppDeps, 'db' | 'config' | 'clock'>;

const BEARER = /^Bearer ([A-Za-z0-9_.-]{1,2000})$/;
const resolved = new WeakMap<FastifyRequest, Promise<AuthUser | null>>();

/** The spec's 401 answer: the client refreshes its tokens on exactly this message. */
export const invalidToken = () => new AppError('INVALID_TOKEN', 'Invalid Token');

/**
 * The caller of a request with a valid access token whose session is still open, or null. The session is
 * read on every call (one primary-key lookup), so logout and family revocation take effect at once.
 */
export function authenticate(deps: AccessDeps, request: FastifyRequest): Promise<AuthUser | null> {
  let result = resolved.get(request);
  if (!result) {
    result = resolve(deps, request.headers.authorization);
    resolved.set(request, result);
  }
  return result;
}

async function resolve(deps: AccessDeps, header: string | undefined): Promise<AuthUser | null> {
  const token = BEARER.exec(header ?? '')?.[1];
  if (!token) return null;
  const now = deps.clock.now();
  const claims = await verifyAccessToken(keysFor(deps.config.authSecret), token, now);
  if (!claims) return null;
  const [row] = await deps.db
    .select({ phone: users.phone })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, claims.sessionId),
        eq(sessions.userId, claims.userId),
        isNull(sessions.revokedAt),
        gt(sessions.lastUsedAt, new Date(now.getTime() - L.sessionIdleMs)),
      ),
    );
  return row ? { ...claims, phone: row.phone } : null;
}

/** For endpoints that need a customer: the caller, or 401 'Invalid Token'. */
export async function requireUser(deps: AccessDeps, request: FastifyRequest): Promise<AuthUser> {
  const user = await authenticate(deps, request);
  if (!user) throw invalidToken();
  return user;
}

/**
 * A preValidation hook: routes whose contract says `auth: 'user'` (see registerEndpoint) answer 401 before
 * their input is validated, so a caller without a valid token gets 'Invalid Token', never a 400 about the body.
 */
export const requireUserWhenDeclared = (deps: AccessDeps) => async (request: FastifyRequest) => {
  if (request.routeOptions.config.auth === 'user') await requireUser(deps, request);
};

/** A Fastify preHandler form of requireUser, for routes registered outside the contract. */
export const requireUserHook = (deps: AccessDeps) => async (request: FastifyRequest) => {
  await requireUser(deps, request);
};

/** `deps.isLoggedIn`: whether the request carries a valid access token of an open session. */
export const isLoggedInWith = (deps: AccessDeps) => async (request: FastifyRequest) =>
  (await authenticate(deps, request)) !== null;
