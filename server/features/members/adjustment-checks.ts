import { sql } from 'drizzle-orm';
import { DAILY_ADJUSTMENT_LIMITS } from '#common/contract/permissions';
import { readBrandSettings } from '#server/core/brand-settings';
import { localTime } from '#server/core/earn/local-time';
import type { AuditActor } from '#server/core/audit';
import type { Db } from '#server/db/client';
import { AppError } from '#server/errors';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * A retried manual adjustment (docs/decisions/046): the kopecks the key already moved on the member's bonus
 * account, or null when the key is new. The same key with another amount is a client's mistake, not a retry:
 * 409, as the till's money calls answer (IDEMPOTENCY_KEY_REUSED), and nothing moves.
 */
export async function priorAdjustment(tx: Db, key: string, bonusAccountId: string, kopecks: number) {
  const [prior] = rowsOf<{ amount: string }>(
    await tx.execute(sql`
      select e.amount from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
      where t.idempotency_key = ${key} and e.account_id = ${bonusAccountId}::uuid`),
  );
  if (!prior) return null;
  if (Number(prior.amount) !== kopecks) {
    throw new AppError(
      'IDEMPOTENCY_KEY_REUSED',
      'Этот ключ повтора уже использован для корректировки на другую сумму',
    );
  }
  return kopecks;
}

/**
 * A role's limit per member per brand's day (DAILY_ADJUSTMENT_LIMITS: support's 1 000 bonuses), so it cannot
 * be split into many adjustments. Counted from the audit log: today's adjustments of this member by staff of
 * the caller's role, taken and given alike. The caller holds the member's row lock, so parallel adjustments
 * count one after another.
 */
export async function assertDailyAdjustmentLimit(
  tx: Db,
  actor: AuditActor,
  userId: string,
  amount: number,
  now: Date,
) {
  const { caller } = actor;
  if (caller.kind !== 'staff') return;
  const limit = DAILY_ADJUSTMENT_LIMITS[caller.role];
  if (limit === undefined) return;
  const { timeZone } = await readBrandSettings(tx);
  const day = localTime(now, timeZone).day;
  const [row] = rowsOf<{ used: string | null }>(
    await tx.execute(sql`
      select sum(abs((a.after->>'amount')::numeric)) as used from audit_log a
      join staff s on s.id = a.actor_id and s.role = ${caller.role}
      where a.entity = 'member' and a.entity_id = ${userId} and a.action = 'member.adjust-bonuses'
        and a.at >= ((${day}::date)::timestamp at time zone ${timeZone})`),
  );
  const used = Number(row?.used ?? 0);
  if (used + Math.abs(amount) > limit) {
    throw new AppError(
      'ADJUSTMENT_LIMIT',
      `Ваша роль может изменить бонусы участника не больше чем на ${limit} за день; сегодня уже ${used}`,
    );
  }
}
