import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  createStaff as createStaffEndpoint,
  getStaffSession,
  listStaff as listStaffEndpoint,
  readAuditLog,
  resetStaffPassword,
  staffConfirmTotp,
  staffEndAllSessions,
  staffEnrolTotp,
  staffLogin,
  staffLoginTotp,
  staffLogout,
  staffSetPassword,
  updateStaff as updateStaffEndpoint,
} from '#common/contract/admin';
import { ROLE_PERMISSIONS } from '#common/contract/permissions';
import type { AppDeps } from '#server/app-deps';
import { auditActorOf, readAudit } from '#server/core/audit';
import { AppError } from '#server/errors';
import { registerEndpoint } from '#server/lib/register-endpoint';
import { createStaff, listStaff, resetStaff, updateStaff } from './accounts';
import { confirmEnrolment, loginWithPassword, loginWithTotp, setOwnPassword, startEnrolment } from './login';
import {
  checkCsrf,
  clearSessionCookie,
  endSessions,
  sessionOf,
  setSessionCookie,
  type StaffSession,
} from './sessions';

/**
 * The console's API (docs/decisions/026): the login steps and the session (public: they read the cookie and
 * ask for its CSRF token), the staff accounts and the audit log (operator endpoints with their permissions).
 */
export function registerStaffRoutes(app: FastifyInstance, deps: AppDeps) {
  /** The session behind a login step's call, its CSRF token checked (a half-finished login may be null). */
  const stepSession = async (request: FastifyRequest) => {
    const session = await sessionOf(deps, request);
    if (session) checkCsrf(request, session);
    return session;
  };
  /** A step that moved the login on: its new cookie (no session fixation) and CSRF token. */
  const advanced = (
    reply: FastifyReply,
    next: { stage: StaffSession['stage']; token: string; csrfToken: string },
  ) => {
    setSessionCookie(deps, reply, next.token);
    return { stage: next.stage, csrfToken: next.csrfToken };
  };

  registerEndpoint(app, staffLogin, async (request, reply) => {
    const opened = await loginWithPassword(deps, request.body, request.ip);
    setSessionCookie(deps, reply, opened.token);
    return { stage: opened.stage, csrfToken: opened.csrfToken };
  });
  registerEndpoint(app, staffLoginTotp, async (request, reply) => {
    const session = await stepSession(request);
    return advanced(reply, await loginWithTotp(deps, session, request.body.code, request.ip));
  });
  registerEndpoint(app, staffEnrolTotp, async (request) => startEnrolment(deps, await stepSession(request)));
  registerEndpoint(app, staffConfirmTotp, async (request, reply) => {
    const session = await stepSession(request);
    return advanced(reply, await confirmEnrolment(deps, session, request.body.code, request.ip));
  });
  registerEndpoint(app, staffSetPassword, async (request, reply) => {
    const session = await stepSession(request);
    return advanced(reply, await setOwnPassword(deps, session, request.body.password, request.ip));
  });

  registerEndpoint(app, getStaffSession, async (request) => {
    const session = await sessionOf(deps, request);
    if (!session) throw new AppError('UNAUTHORIZED', 'Войдите в консоль');
    return {
      stage: session.stage,
      csrfToken: session.csrfToken,
      staff: session.staff,
      permissions: session.stage === 'active' ? [...ROLE_PERMISSIONS[session.staff.role]] : [],
    };
  });
  registerEndpoint(app, staffLogout, async (request, reply: FastifyReply) => {
    const session = await stepSession(request);
    clearSessionCookie(reply);
    return { ended: session ? await endSessions(deps.db, { sessionId: session.id }, deps.clock.now()) : 0 };
  });
  registerEndpoint(app, staffEndAllSessions, async (request, reply: FastifyReply) => {
    const session = await stepSession(request);
    if (!session || session.stage !== 'active') throw new AppError('UNAUTHORIZED', 'Войдите в консоль');
    clearSessionCookie(reply);
    return { ended: await endSessions(deps.db, { staffId: session.staff.id }, deps.clock.now()) };
  });

  registerEndpoint(app, listStaffEndpoint, async () => listStaff(deps));
  registerEndpoint(app, createStaffEndpoint, async (request) =>
    createStaff(deps, auditActorOf(request), request.body),
  );
  registerEndpoint(app, updateStaffEndpoint, async (request) =>
    updateStaff(deps, auditActorOf(request), request.params.id, request.body),
  );
  registerEndpoint(app, resetStaffPassword, async (request) =>
    resetStaff(deps, auditActorOf(request), request.params.id, request.body),
  );
  registerEndpoint(app, readAuditLog, async (request) => {
    const { from, to, ...rest } = request.query;
    return readAudit(deps.db, {
      ...rest,
      ...(from && { from: new Date(from) }),
      ...(to && { to: new Date(to) }),
    });
  });
}
