import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema/staff';
import type { OperatorCaller } from '../lib/callers';

/**
 * Who made a change and from where: the operator's caller (token or staff session), or a visitor of the public
 * site (a gift card's code revealed on its page: decision 047), and the client address.
 */
export interface AuditActor {
  caller: OperatorCaller | { kind: 'public' };
  ip: string | null;
}

const ACTOR_KIND = { token: 'system', staff: 'staff', public: 'public' } as const;

export interface AuditChange {
  /** What was done, `area.verb`: 'settings.update', 'till-key.issue', 'staff.create', ... */
  action: string;
  /** The kind of thing changed: 'settings', 'till-key', 'staff', ... */
  entity: string;
  entityId?: string | number | null;
  /** The thing before and after, as JSON; never a secret (a key, a password, a TOTP secret). */
  before?: unknown;
  after?: unknown;
}

/**
 * Appends one row to the audit log (docs/decisions/026). Every operator mutation calls it, inside the change's
 * transaction where the change has one (pass the transaction as `db`), so a change is never without its row.
 */
export async function recordAudit(db: Db, actor: AuditActor, change: AuditChange, at = new Date()) {
  const { caller } = actor;
  await db.insert(auditLog).values({
    at,
    actorKind: ACTOR_KIND[caller.kind],
    actorId: caller.kind === 'staff' ? caller.staffId : null,
    actorName: caller.kind === 'staff' ? caller.email : ACTOR_KIND[caller.kind],
    action: change.action,
    entity: change.entity,
    entityId: change.entityId == null ? null : String(change.entityId),
    before: change.before ?? null,
    after: change.after ?? null,
    ip: actor.ip,
  });
}

/**
 * A staff login's row (decision 053): who tried (the account, or only the e-mail typed when no enabled
 * account has it), from where, and how it ended. Written outside any change: a login changes nothing audited.
 */
export async function recordLoginAudit(
  db: Db,
  attempt: {
    staffId: string | null;
    email: string;
    ip: string | null;
    ok: boolean;
    /** Why it failed: 'password', 'totp', 'locked', 'unknown' (no such enabled account). */
    reason?: string;
  },
  at = new Date(),
) {
  await db.insert(auditLog).values({
    at,
    actorKind: 'staff',
    actorId: attempt.staffId,
    actorName: attempt.email.toLowerCase().slice(0, 254),
    action: attempt.ok ? 'staff.login' : 'staff.login-failed',
    entity: 'staff',
    entityId: attempt.staffId,
    after: attempt.ok ? null : { reason: attempt.reason ?? 'password' },
    ip: attempt.ip,
  });
}

export interface AuditFilter {
  actor?: string;
  action?: string;
  entity?: string;
  from?: Date;
  to?: Date;
  /** The id of the last row of the previous page: rows older than it. */
  before?: number;
  limit: number;
}

/** A page of the log, newest first, and the cursor of the next page (null at the end). */
export async function readAudit(db: Db, filter: AuditFilter) {
  const where: SQL[] = [];
  if (filter.actor) where.push(eq(auditLog.actorName, filter.actor.toLowerCase()));
  if (filter.action) where.push(eq(auditLog.action, filter.action));
  if (filter.entity) where.push(eq(auditLog.entity, filter.entity));
  if (filter.from) where.push(gte(auditLog.at, filter.from));
  if (filter.to) where.push(lt(auditLog.at, filter.to));
  if (filter.before) where.push(lt(auditLog.id, filter.before));
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(filter.limit + 1);
  const page = rows.slice(0, filter.limit);
  return {
    items: page.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      actor: r.actorName,
      actorKind: r.actorKind as (typeof ACTOR_KIND)[keyof typeof ACTOR_KIND],
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      before: r.before,
      after: r.after,
      ip: r.ip,
    })),
    nextBefore: rows.length > filter.limit ? page[page.length - 1]!.id : null,
  };
}

/** The actor of an operator endpoint's request (its caller is checked before the handler runs). */
export function auditActorOf(request: { operator?: OperatorCaller; ip: string }): AuditActor {
  return { caller: request.operator ?? { kind: 'token' }, ip: request.ip };
}
