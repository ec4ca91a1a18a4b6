import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CSRF_HEADER,
  STAFF_LOGIN_STEP_MINUTES,
  STAFF_SESSION_IDLE_MINUTES,
  STAFF_SESSION_MAX_HOURS,
  type StaffRole,
} from '#common/contract/permissions';
import type { AppDeps } from '#server/app-deps';
import type { Db } from '#server/db/client';
import { staff, staffSessions } from '#server/db/schema/staff';
import { AppError } from '#server/errors';

/** The cookie of a staff session: HttpOnly, SameSite=Strict, path /, Secure when PUBLIC_URL is https. */
export const STAFF_COOKIE = 'kopilka_staff';

export type SessionStage = 'totp' | 'enrol' | 'password' | 'active';

export interface StaffSession {
  id: string;
  stage: SessionStage;
  csrfToken: string;
  pendingTotpSecret: string | null;
  staff: { id: string; email: string; role: StaffRole };
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const MINUTE = 60_000;

export function setSessionCookie(deps: Pick<AppDeps, 'config'>, reply: FastifyReply, token: string) {
  reply.setCookie(STAFF_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: deps.config.publicUrl.startsWith('https:'),
    maxAge: STAFF_SESSION_MAX_HOURS * 3600,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(STAFF_COOKIE, { path: '/' });
}

/** Opens a session at its first stage (the password was right); the cookie gets the random token. */
export async function openSession(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  staffId: string,
  stage: SessionStage,
  ip: string,
) {
  const token = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  await deps.db.insert(staffSessions).values({
    staffId,
    tokenHash: sha256(token),
    csrfToken,
    stage,
    ip,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + STAFF_LOGIN_STEP_MINUTES * MINUTE),
  });
  return { token, csrfToken };
}

/**
 * The request's live session: its cookie's token known, not ended, within its absolute and idle lifetimes,
 * its staff member not disabled. Each use moves the idle deadline (at most one write a minute).
 */
export async function sessionOf(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  request: FastifyRequest,
): Promise<StaffSession | null> {
  const token = request.cookies[STAFF_COOKIE];
  if (!token || token.length > 100) return null;
  const now = deps.clock.now();
  const [row] = await deps.db
    .select({ session: staffSessions, staff })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, sha256(token)),
        isNull(staffSessions.endedAt),
        gt(staffSessions.expiresAt, now),
        gt(staffSessions.lastSeenAt, new Date(now.getTime() - STAFF_SESSION_IDLE_MINUTES * MINUTE)),
        isNull(staff.disabledAt),
      ),
    );
  if (!row) return null;
  if (now.getTime() - row.session.lastSeenAt.getTime() > MINUTE) {
    await deps.db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, row.session.id));
  }
  return {
    id: row.session.id,
    stage: row.session.stage as SessionStage,
    csrfToken: row.session.csrfToken,
    pendingTotpSecret: row.session.pendingTotpSecret,
    staff: { id: row.staff.id, email: row.staff.email, role: row.staff.role as StaffRole },
  };
}

/** A state-changing call must carry the session's CSRF token in its header (synchronizer token). */
export function checkCsrf(request: FastifyRequest, session: Pick<StaffSession, 'csrfToken'>) {
  const given = Buffer.from(String(request.headers[CSRF_HEADER] ?? ''));
  const expected = Buffer.from(session.csrfToken);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new AppError('CSRF_INVALID', 'Сессия устарела: обновите страницу');
  }
}

/**
 * Moves a login to its next stage with a new cookie token and CSRF token: the password step's cookie is not the
 * one a completed login uses, so a cookie seen or planted before the second factor is worth nothing after it
 * (session fixation). 'active' gets the session's full lifetime from now. The caller sets the new cookie.
 */
export async function advanceSession(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  sessionId: string,
  stage: SessionStage,
) {
  const now = deps.clock.now();
  const token = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(32).toString('base64url');
  await deps.db
    .update(staffSessions)
    .set({
      stage,
      tokenHash: sha256(token),
      csrfToken,
      pendingTotpSecret: null,
      lastSeenAt: now,
      expiresAt: new Date(
        now.getTime() +
          (stage === 'active' ? STAFF_SESSION_MAX_HOURS * 60 : STAFF_LOGIN_STEP_MINUTES) * MINUTE,
      ),
    })
    .where(eq(staffSessions.id, sessionId));
  return { stage, token, csrfToken };
}

/** Ends one session, or every session of a staff member; answers how many ended. */
export async function endSessions(db: Db, by: { sessionId: string } | { staffId: string }, now: Date) {
  const ended = await db
    .update(staffSessions)
    .set({ endedAt: now })
    .where(
      and(
        'sessionId' in by ? eq(staffSessions.id, by.sessionId) : eq(staffSessions.staffId, by.staffId),
        isNull(staffSessions.endedAt),
      ),
    )
    .returning({ id: staffSessions.id });
  return ended.length;
}
