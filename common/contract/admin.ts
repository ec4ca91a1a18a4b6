import * as z from './z';
import { defineEndpoint } from './endpoint';
import { PERMISSIONS, STAFF_PASSWORD_MIN, STAFF_ROLES } from './permissions';

/**
 * The operator's console (docs/decisions/026): staff login in steps (password, then the authenticator's code,
 * enrolling one at the first login, then a new password where the owner set a one-time one), the session,
 * staff accounts and the audit log. The login steps are public: they read the session cookie themselves and
 * ask for its CSRF token (header `x-csrf-token`) once a session exists.
 */

const LOGIN_ERRORS = ['UNAUTHORIZED', 'CSRF_INVALID', 'LOGIN_STEP'] as const;

export const staffRoleSchema = z.enum(STAFF_ROLES);
const emailSchema = z.string().trim().toLowerCase().email('Неверный адрес почты').max(200);
const codeSchema = z.string().regex(/^\d{6}$/, 'Код: 6 цифр');
const passwordSchema = z
  .string()
  .min(STAFF_PASSWORD_MIN, `Пароль: не короче ${STAFF_PASSWORD_MIN} знаков`)
  .max(200, 'Пароль: не длиннее 200 знаков');

/** Where a login stands, and the session's CSRF token for the calls that change anything. */
export const loginStepSchema = z.strictObject({
  stage: z.enum(['totp', 'enrol', 'password', 'active']),
  csrfToken: z.string(),
});

export const staffLogin = defineEndpoint({
  method: 'POST',
  path: '/api/admin/login',
  summary: 'Staff login, first step: e-mail and password (sets the session cookie)',
  tag: 'admin',
  auth: 'public',
  errors: ['LOGIN_FAILED', 'ACCOUNT_LOCKED', 'TOO_MANY_REQUESTS'],
  schemas: {
    body: z.strictObject({ email: emailSchema, password: z.string().min(1).max(200) }),
    response: loginStepSchema,
  },
});

export const staffLoginTotp = defineEndpoint({
  method: 'POST',
  path: '/api/admin/login/totp',
  summary: "Staff login: the authenticator's 6-digit code",
  tag: 'admin',
  auth: 'public',
  errors: ['TOTP_INVALID', 'ACCOUNT_LOCKED', ...LOGIN_ERRORS],
  schemas: { body: z.strictObject({ code: codeSchema }), response: loginStepSchema },
});

export const staffEnrolTotp = defineEndpoint({
  method: 'POST',
  path: '/api/admin/login/enrol',
  summary: 'Staff login, first time: a new authenticator secret (its otpauth:// address for the QR)',
  tag: 'admin',
  auth: 'public',
  errors: [...LOGIN_ERRORS],
  schemas: { response: z.strictObject({ secret: z.string(), otpauthUrl: z.string() }) },
});

export const staffConfirmTotp = defineEndpoint({
  method: 'POST',
  path: '/api/admin/login/enrol/confirm',
  summary: 'Staff login, first time: a code from the new authenticator confirms it',
  tag: 'admin',
  auth: 'public',
  errors: ['TOTP_INVALID', 'ACCOUNT_LOCKED', ...LOGIN_ERRORS],
  schemas: { body: z.strictObject({ code: codeSchema }), response: loginStepSchema },
});

export const staffSetPassword = defineEndpoint({
  method: 'POST',
  path: '/api/admin/login/password',
  summary: 'Staff login after a one-time password: the person sets their own',
  tag: 'admin',
  auth: 'public',
  errors: [...LOGIN_ERRORS],
  schemas: { body: z.strictObject({ password: passwordSchema }), response: loginStepSchema },
});

export const staffMemberSchema = z.strictObject({
  id: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  totpEnrolled: z.boolean(),
  mustChangePassword: z.boolean(),
  lockedUntil: z.string().nullable(),
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type StaffMember = z.output<typeof staffMemberSchema>;

export const getStaffSession = defineEndpoint({
  method: 'GET',
  path: '/api/admin/session',
  summary: "The console's session: who is logged in, the login's stage, the CSRF token, the permissions",
  tag: 'admin',
  auth: 'public',
  errors: ['UNAUTHORIZED'],
  schemas: {
    response: loginStepSchema.extend({
      staff: z.strictObject({ id: z.string(), email: z.string(), role: staffRoleSchema }),
      permissions: z.array(z.enum(PERMISSIONS)),
    }),
  },
});

export const staffLogout = defineEndpoint({
  method: 'POST',
  path: '/api/admin/logout',
  summary: 'Ends this console session (the cookie is cleared)',
  tag: 'admin',
  auth: 'public',
  errors: ['CSRF_INVALID'],
  schemas: { response: z.strictObject({ ended: z.number().int() }) },
});

export const staffEndAllSessions = defineEndpoint({
  method: 'POST',
  path: '/api/admin/sessions/end-all',
  summary: 'Ends every session of the logged-in staff member, this one included',
  tag: 'admin',
  auth: 'public',
  errors: ['UNAUTHORIZED', 'CSRF_INVALID'],
  schemas: { response: z.strictObject({ ended: z.number().int() }) },
});

export const listStaff = defineEndpoint({
  method: 'GET',
  path: '/api/admin/staff',
  summary: 'Every staff account',
  tag: 'admin',
  auth: 'operator',
  permission: 'staff.read',
  errors: [],
  schemas: { response: z.array(staffMemberSchema) },
});

const staffIdParams = z.strictObject({ id: z.string().uuid('Неизвестный сотрудник') });
const withOneTimePassword = z.strictObject({ staff: staffMemberSchema, oneTimePassword: z.string() });

export const createStaff = defineEndpoint({
  method: 'POST',
  path: '/api/admin/staff',
  summary: 'Create a staff account: the one-time password is in this answer only',
  tag: 'admin',
  auth: 'operator',
  permission: 'staff.write',
  errors: ['STAFF_EXISTS'],
  schemas: {
    body: z.strictObject({ email: emailSchema, role: staffRoleSchema }),
    response: withOneTimePassword,
  },
});

export const updateStaff = defineEndpoint({
  method: 'PATCH',
  path: '/api/admin/staff/:id',
  summary: "Change a staff member's role, or disable (ends their sessions) or enable the account",
  tag: 'admin',
  auth: 'operator',
  permission: 'staff.write',
  errors: ['NOT_FOUND', 'LAST_OWNER'],
  schemas: {
    params: staffIdParams,
    body: z.strictObject({ role: staffRoleSchema.optional(), disabled: z.boolean().optional() }),
    response: staffMemberSchema,
  },
});

export const resetStaffPassword = defineEndpoint({
  method: 'POST',
  path: '/api/admin/staff/:id/reset',
  summary:
    'A new one-time password (in this answer only; the person sets their own at the next login), the lockout lifted, their sessions ended; `resetTotp` also forgets a lost authenticator',
  tag: 'admin',
  auth: 'operator',
  permission: 'staff.write',
  errors: ['NOT_FOUND'],
  schemas: {
    params: staffIdParams,
    body: z.strictObject({ resetTotp: z.boolean().default(false) }),
    response: withOneTimePassword,
  },
});

export const auditEntrySchema = z.strictObject({
  id: z.number().int(),
  at: z.string(),
  actor: z.string(),
  /** 'public': a visitor of the site (a gift card's code revealed on its page, decision 047). */
  actorKind: z.enum(['system', 'staff', 'public']),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.output<typeof auditEntrySchema>;

const isoDate = z.iso.datetime({ offset: true, message: 'Дата и время в формате ISO 8601' });
const filterText = z.string().trim().max(200);

export const readAuditLog = defineEndpoint({
  method: 'GET',
  path: '/api/admin/audit',
  summary: 'The audit log, newest first, filtered; `before` (the last id of a page) gives the next page',
  tag: 'admin',
  auth: 'operator',
  permission: 'audit.read',
  errors: [],
  schemas: {
    query: z.strictObject({
      actor: filterText.optional(),
      action: filterText.optional(),
      entity: filterText.optional(),
      from: isoDate.optional(),
      to: isoDate.optional(),
      before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
      limit: z.coerce.number().int().min(1).max(200).default(50),
    }),
    response: z.strictObject({ items: z.array(auditEntrySchema), nextBefore: z.number().int().nullable() }),
  },
});
