import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { STAFF_LOCK_MINUTES, STAFF_MAX_FAILURES } from '#common/contract/permissions';
import type { AppDeps } from '#server/app-deps';
import { recordLoginAudit } from '#server/core/audit';
import { staff, staffSessions } from '#server/db/schema/staff';
import { AppError } from '#server/errors';
import { takeOrRefuse, type LimitDeps } from '#server/lib/rate-limit';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
import { advanceSession, openSession, type SessionStage, type StaffSession } from './sessions';
import { newTotpSecret, totpStepOf } from './totp';
import { isSealed, openTotpSecret, sealTotpSecret, totpKeyOf } from './totp-vault';

/*
 * The console's login in steps (docs/decisions/026): the password opens a session at its 'totp' stage (or
 * 'enrol' the first time); the authenticator's code moves it on, to 'password' where the owner set a
 * one-time password, else to 'active'. Wrong passwords and codes count together: 5 lock the account 15 min.
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/**
 * Password attempts per client address (docs/decisions/033): the account's lockout alone lets one address try
 * 4 passwords on every account it can name, and lock any of them. Every attempt counts, right or wrong (a
 * fixed window, like the SMS limit per address): an office's staff log in a few times a day.
 */
export const STAFF_LOGIN_IP_LIMIT = { attempts: 30, windowMs: 15 * 60_000 } as const;

// Refused when the shared counter is out: this limit guards the staff's passwords.
const limitAddress = (deps: LimitDeps, ip: string) =>
  takeOrRefuse(deps, {
    key: `staff-login-ip:${ip}`,
    max: STAFF_LOGIN_IP_LIMIT.attempts,
    windowMs: STAFF_LOGIN_IP_LIMIT.windowMs,
    whenUnavailable: 'refuse',
    message: 'Слишком много попыток входа с вашего адреса. Попробуйте позже',
  });
type StaffRow = typeof staff.$inferSelect;

const loginFailed = () => new AppError('LOGIN_FAILED', 'Неверная почта или пароль');
const wrongStep = () => new AppError('LOGIN_STEP', 'Войдите заново: введите почту и пароль');

function lockedError(row: StaffRow, now: Date) {
  const seconds = Math.ceil((row.lockedUntil!.getTime() - now.getTime()) / 1000);
  return new AppError('ACCOUNT_LOCKED', 'Слишком много неудачных попыток. Попробуйте позже', {
    retryAfter: Math.max(1, seconds),
  });
}

const isLocked = (row: StaffRow, now: Date) => row.lockedUntil !== null && row.lockedUntil > now;

/**
 * Counts one failure in one statement; the last allowed one locks the account and ends its half-finished logins.
 * Failures that arrive while the account is locked (requests already in flight) count nothing and start no new
 * count, so parallel guesses get no more than STAFF_MAX_FAILURES per lock.
 */
async function countFailure(deps: Deps, staffId: string) {
  const now = deps.clock.now();
  const lockedUntil = new Date(now.getTime() + STAFF_LOCK_MINUTES * 60_000);
  const lockedNow = sql`(${staff.lockedUntil} is not null and ${staff.lockedUntil} > ${now})`;
  const reachesMax = sql`${staff.failedAttempts} + 1 >= ${STAFF_MAX_FAILURES}`;
  const [row] = await deps.db
    .update(staff)
    .set({
      failedAttempts: sql`case when ${lockedNow} then ${staff.failedAttempts} when ${reachesMax} then 0 else ${staff.failedAttempts} + 1 end`,
      lockedUntil: sql`case when ${lockedNow} then ${staff.lockedUntil} when ${reachesMax} then ${lockedUntil} else ${staff.lockedUntil} end`,
    })
    .where(eq(staff.id, staffId))
    .returning();
  if (!row || !isLocked(row, now)) return null;
  await deps.db
    .update(staffSessions)
    .set({ endedAt: now })
    .where(
      and(
        eq(staffSessions.staffId, staffId),
        isNull(staffSessions.endedAt),
        sql`${staffSessions.stage} <> 'active'`,
      ),
    );
  return lockedError(row, now);
}

/** Read again after the slow check: a lock set meanwhile (by parallel failures) refuses a right answer too. */
async function refuseIfLockedNow(deps: Deps, staffId: string) {
  const now = deps.clock.now();
  const [fresh] = await deps.db.select().from(staff).where(eq(staff.id, staffId));
  if (fresh && isLocked(fresh, now)) throw lockedError(fresh, now);
}

/** The first step: the e-mail and password. An unknown, disabled or locked account learns nothing more. */
export async function loginWithPassword(
  deps: Deps & Pick<AppDeps, 'rateLimiter'>,
  input: { email: string; password: string },
  ip: string,
) {
  await limitAddress(deps, ip);
  const now = deps.clock.now();
  const [row] = await deps.db.select().from(staff).where(eq(staff.email, input.email));
  const failed = (staffId: string | null, reason: string) =>
    recordLoginAudit(deps.db, { staffId, email: input.email, ip, ok: false, reason }, now);
  if (!row || row.disabledAt) {
    await burnPasswordCheck(input.password);
    await failed(null, 'unknown');
    throw loginFailed();
  }
  if (isLocked(row, now)) {
    await failed(row.id, 'locked');
    throw lockedError(row, now);
  }
  if (!(await verifyPassword(row.passwordHash, input.password))) {
    await failed(row.id, 'password');
    throw (await countFailure(deps, row.id)) ?? loginFailed();
  }
  await refuseIfLockedNow(deps, row.id);
  const stage: SessionStage = row.totpSecret ? 'totp' : 'enrol';
  return { ...(await openSession(deps, row.id, stage, ip)), stage };
}

function requireStage(session: StaffSession | null, stage: SessionStage): StaffSession {
  if (!session || session.stage !== stage) throw wrongStep();
  return session;
}

/** The session is open: the login's audit row (decision 053). */
const loggedIn = (deps: Deps, session: StaffSession, ip: string | null) =>
  recordLoginAudit(
    deps.db,
    { staffId: session.staff.id, email: session.staff.email, ip, ok: true },
    deps.clock.now(),
  );

/** After the second factor: a new password where the owner set a one-time one, else the session is open. */
async function afterSecondFactor(deps: Deps, session: StaffSession, row: StaffRow, ip: string | null) {
  const stage: SessionStage = row.mustChangePassword ? 'password' : 'active';
  await deps.db.update(staff).set({ failedAttempts: 0, lockedUntil: null }).where(eq(staff.id, row.id));
  const advanced = await advanceSession(deps, session.id, stage);
  if (stage === 'active') await loggedIn(deps, session, ip);
  return advanced;
}

/** Accepts a code of `secret` once (its time step must be newer than the last accepted one). */
async function acceptCode(deps: Deps, row: StaffRow, secret: string, code: string, ip: string | null) {
  const now = deps.clock.now();
  const failed = (reason: string) =>
    recordLoginAudit(deps.db, { staffId: row.id, email: row.email, ip, ok: false, reason }, now);
  if (isLocked(row, now)) {
    await failed('locked');
    throw lockedError(row, now);
  }
  const step = totpStepOf(secret, code, now);
  const accepted =
    step !== null &&
    (
      await deps.db
        .update(staff)
        .set({ totpLastStep: step })
        .where(and(eq(staff.id, row.id), or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step))))
        .returning({ id: staff.id })
    ).length === 1;
  if (!accepted) {
    await failed('totp');
    throw (
      (await countFailure(deps, row.id)) ?? new AppError('TOTP_INVALID', 'Неверный код. Попробуйте ещё раз')
    );
  }
  await refuseIfLockedNow(deps, row.id);
}

const staffRow = async (deps: Deps, id: string) =>
  (await deps.db.select().from(staff).where(eq(staff.id, id)))[0]!;

/** The second step: the code of the enrolled authenticator. */
export async function loginWithTotp(
  deps: Deps,
  current: StaffSession | null,
  code: string,
  ip: string | null = null,
) {
  const session = requireStage(current, 'totp');
  const row = await staffRow(deps, session.staff.id);
  const key = totpKeyOf(deps.config);
  const secret = openTotpSecret(key, row.id, row.totpSecret!);
  await acceptCode(deps, row, secret, code, ip);
  if (!isSealed(row.totpSecret!)) {
    // Enrolled before secrets were sealed (decision 033): sealed now, at the first login that proves it.
    await deps.db
      .update(staff)
      .set({ totpSecret: sealTotpSecret(key, row.id, secret) })
      .where(eq(staff.id, row.id));
  }
  return afterSecondFactor(deps, session, row, ip);
}

/** The first login: a new secret for the authenticator, kept on the session until a code confirms it. */
export async function startEnrolment(deps: Deps, current: StaffSession | null) {
  const session = requireStage(current, 'enrol');
  const offered = newTotpSecret(session.staff.email);
  await deps.db
    .update(staffSessions)
    .set({ pendingTotpSecret: sealTotpSecret(totpKeyOf(deps.config), session.staff.id, offered.secret) })
    .where(eq(staffSessions.id, session.id));
  return offered;
}

export async function confirmEnrolment(
  deps: Deps,
  current: StaffSession | null,
  code: string,
  ip: string | null = null,
) {
  const session = requireStage(current, 'enrol');
  if (!session.pendingTotpSecret) throw wrongStep();
  const row = await staffRow(deps, session.staff.id);
  const offered = openTotpSecret(totpKeyOf(deps.config), row.id, session.pendingTotpSecret);
  await acceptCode(deps, row, offered, code, ip);
  // Kept sealed as the session held it (the same key, the same person).
  await deps.db.update(staff).set({ totpSecret: session.pendingTotpSecret }).where(eq(staff.id, row.id));
  return afterSecondFactor(deps, session, row, ip);
}

/** The person's own password replaces the one-time one; their other sessions end. */
export async function setOwnPassword(
  deps: Deps,
  current: StaffSession | null,
  password: string,
  ip: string | null = null,
) {
  const session = requireStage(current, 'password');
  const passwordHash = await hashPassword(password);
  await deps.db
    .update(staff)
    .set({ passwordHash, mustChangePassword: false })
    .where(eq(staff.id, session.staff.id));
  await deps.db
    .update(staffSessions)
    .set({ endedAt: deps.clock.now() })
    .where(
      and(
        eq(staffSessions.staffId, session.staff.id),
        isNull(staffSessions.endedAt),
        sql`${staffSessions.id} <> ${session.id}`,
      ),
    );
  const advanced = await advanceSession(deps, session.id, 'active');
  await loggedIn(deps, session, ip);
  return advanced;
}
