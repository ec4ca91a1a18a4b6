import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const at = () => timestamp({ withTimezone: true });

/**
 * The programme's staff (docs/decisions/026): e-mail and an argon2id password hash, a role, the TOTP secret
 * once enrolled, the failure counter behind the lockout, and a disabled mark (staff are never deleted: the
 * audit log names them).
 */
export const staff = pgTable(
  'staff',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Lower-cased. */
    email: text().notNull(),
    passwordHash: text().notNull(),
    role: text().notNull(),
    /** Set by the owner (a new account or a reset): the person sets their own password at the next login. */
    mustChangePassword: boolean().notNull().default(true),
    /** Base32; null until the person has confirmed a code from their authenticator. */
    totpSecret: text(),
    /** The time step of the last accepted code: each code works once. */
    totpLastStep: bigint({ mode: 'number' }),
    failedAttempts: integer().notNull().default(0),
    lockedUntil: at(),
    disabledAt: at(),
    createdAt: at().notNull(),
  },
  (t) => [
    uniqueIndex('staff_email_unique').on(t.email),
    check('staff_role_known', sql`${t.role} in ('owner', 'marketer', 'support', 'accountant', 'viewer')`),
  ],
);

/**
 * A staff member's browser session: the cookie holds a random id, the table its SHA-256. `stage` is where a
 * login stands: 'totp' (password given, code awaited), 'enrol' (no authenticator yet), 'password' (a new
 * password to set), 'active'. The CSRF token is the session's own (synchronizer token).
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    staffId: uuid()
      .notNull()
      .references(() => staff.id),
    tokenHash: text().notNull(),
    csrfToken: text().notNull(),
    stage: text().notNull(),
    /** The TOTP secret offered while enrolling, kept until a code from it is confirmed. */
    pendingTotpSecret: text(),
    ip: text().notNull(),
    createdAt: at().notNull(),
    lastSeenAt: at().notNull(),
    expiresAt: at().notNull(),
    endedAt: at(),
  },
  (t) => [
    uniqueIndex('staff_sessions_token_unique').on(t.tokenHash),
    index('staff_sessions_staff').on(t.staffId),
    check('staff_sessions_stage_known', sql`${t.stage} in ('totp', 'enrol', 'password', 'active')`),
  ],
);

/**
 * Every change made by staff or by the operator's token ("system"): append-only, the database refuses UPDATE
 * and DELETE (the trigger at the end of the migration).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    at: at().notNull(),
    /** 'system' (OPERATOR_TOKEN), 'staff', or 'public' (a site visitor: decision 047). */
    actorKind: text().notNull(),
    actorId: uuid(),
    /** The staff member's e-mail at the time, or 'system'. */
    actorName: text().notNull(),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text(),
    before: jsonb(),
    after: jsonb(),
    ip: text(),
  },
  (t) => [
    index('audit_log_at').on(t.at),
    index('audit_log_actor').on(t.actorName, t.id),
    index('audit_log_entity').on(t.entity, t.id),
  ],
);
