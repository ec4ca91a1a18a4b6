import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { StaffMember } from '#common/contract/admin';
import type { StaffRole } from '#common/contract/permissions';
import type { AppDeps } from '#server/app-deps';
import { recordAudit, type AuditActor } from '#server/core/audit';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { staff } from '#server/db/schema/staff';
import { AppError, notFound } from '#server/errors';
import { hashPassword, oneTimePassword } from './passwords';
import { endSessions } from './sessions';

/*
 * Staff accounts as the owner (or the operator's token) manages them: each change and its audit row in one
 * transaction. Accounts are disabled, never deleted: the audit log names them.
 */

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type StaffRow = typeof staff.$inferSelect;

export function presentStaff(row: StaffRow, now: Date): StaffMember {
  return {
    id: row.id,
    email: row.email,
    role: row.role as StaffRole,
    totpEnrolled: row.totpSecret !== null,
    mustChangePassword: row.mustChangePassword,
    lockedUntil: row.lockedUntil && row.lockedUntil > now ? row.lockedUntil.toISOString() : null,
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of an account: never the password hash or the TOTP secret. */
const auditView = (m: StaffMember) => ({ email: m.email, role: m.role, disabled: m.disabled });

export async function listStaff(deps: Deps): Promise<StaffMember[]> {
  const now = deps.clock.now();
  const rows = await deps.db.select().from(staff).orderBy(asc(staff.createdAt), asc(staff.email));
  return rows.map((r) => presentStaff(r, now));
}

/** A new account with a one-time password (shown once); the person enrols an authenticator at first login. */
export async function createStaff(deps: Deps, actor: AuditActor, input: { email: string; role: StaffRole }) {
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  const now = deps.clock.now();
  return inTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .insert(staff)
      .values({
        email: input.email,
        role: input.role,
        passwordHash,
        mustChangePassword: true,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('STAFF_EXISTS', 'Сотрудник с такой почтой уже есть');
    const member = presentStaff(row, now);
    await recordAudit(
      tx,
      actor,
      { action: 'staff.create', entity: 'staff', entityId: row.id, after: auditView(member) },
      now,
    );
    return { staff: member, oneTimePassword: password };
  });
}

async function lockedRow(tx: Db, id: string) {
  const [row] = await tx.select().from(staff).where(eq(staff.id, id)).for('update');
  if (!row) throw notFound('Сотрудник не найден');
  return row;
}

/** Whether another enabled owner remains: the programme is never left without one. */
async function hasOtherOwner(tx: Db, id: string) {
  const others = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.role, 'owner'), isNull(staff.disabledAt), ne(staff.id, id)))
    .for('update');
  return others.length > 0;
}

export async function updateStaff(
  deps: Deps,
  actor: AuditActor,
  id: string,
  change: { role?: StaffRole; disabled?: boolean },
) {
  const now = deps.clock.now();
  return inTransaction(deps.db, async (tx) => {
    const row = await lockedRow(tx, id);
    const before = presentStaff(row, now);
    const losesOwner =
      row.role === 'owner' &&
      !row.disabledAt &&
      ((change.role && change.role !== 'owner') || change.disabled === true);
    if (losesOwner && !(await hasOtherOwner(tx, id))) {
      throw new AppError('LAST_OWNER', 'Нельзя оставить программу без владельца');
    }
    const disabledAt =
      change.disabled === undefined ? row.disabledAt : change.disabled ? (row.disabledAt ?? now) : null;
    const [updated] = await tx
      .update(staff)
      .set({ role: change.role ?? row.role, disabledAt })
      .where(eq(staff.id, id))
      .returning();
    if (change.disabled) await endSessions(tx, { staffId: id }, now);
    const after = presentStaff(updated!, now);
    const action =
      change.disabled === true ? 'staff.disable' : change.disabled === false ? 'staff.enable' : 'staff.role';
    await recordAudit(
      tx,
      actor,
      { action, entity: 'staff', entityId: id, before: auditView(before), after: auditView(after) },
      now,
    );
    return after;
  });
}

/** A new one-time password, the lockout lifted, sessions ended; a lost authenticator forgotten on request. */
export async function resetStaff(deps: Deps, actor: AuditActor, id: string, options: { resetTotp: boolean }) {
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  const now = deps.clock.now();
  return inTransaction(deps.db, async (tx) => {
    await lockedRow(tx, id);
    const [updated] = await tx
      .update(staff)
      .set({
        passwordHash,
        mustChangePassword: true,
        failedAttempts: 0,
        lockedUntil: null,
        ...(options.resetTotp && { totpSecret: null, totpLastStep: null }),
      })
      .where(eq(staff.id, id))
      .returning();
    await endSessions(tx, { staffId: id }, now);
    const member = presentStaff(updated!, now);
    await recordAudit(
      tx,
      actor,
      {
        action: options.resetTotp ? 'staff.reset-password-totp' : 'staff.reset-password',
        entity: 'staff',
        entityId: id,
        after: auditView(member),
      },
      now,
    );
    return { staff: member, oneTimePassword: password };
  });
}
