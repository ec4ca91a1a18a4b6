import { sql } from 'drizzle-orm';
import { writeTriggerMessages } from '#server/core/messages/trigger-rows';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { lockTrigger, moveTriggerCursor, TRIGGER_SLICE, type ActiveTrigger } from './trigger-lock';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const DAY_MS = 86_400_000;

/**
 * The advertising «bonuses expiring» trigger (decision 081), beside the service SMS warning of decision 027
 * (`warnExpiringLots`, which stays). The cursor is a horizon on the lots' expiry time line: each run takes the
 * open lots expiring between it and `now + days_before` (at most a slice of them, by `bonus_lots_expiring`),
 * writes one message per member and brand's calendar day of expiry (the occasion), and moves the horizon to the
 * slice's end. A lot already expired (the job was off) is not written about. Answers whether a full slice was taken.
 */
export async function fireExpiring(
  db: Db,
  trigger: ActiveTrigger,
  now: Date,
  timeZone: string,
): Promise<boolean> {
  const horizon = new Date(now.getTime() + (trigger.days_before ?? 0) * DAY_MS).toISOString();
  return inTransaction(db, async (tx) => {
    const cursor = await lockTrigger(tx, trigger.id);
    if (!cursor?.cursor_at) return false;
    const from = cursor.cursor_at;
    if (new Date(from).getTime() >= Date.parse(horizon)) return false;
    // The slice ends at the slice-th lot's expiry (the ties at it included), or at the horizon.
    const [bound] = rowsOf<{ upto: string }>(
      await tx.execute(sql`
        select coalesce((
          select expires_at::text from bonus_lots
          where remaining > 0 and expires_at is not null
            and expires_at > ${from}::timestamptz and expires_at <= ${horizon}::timestamptz
          order by expires_at offset ${TRIGGER_SLICE - 1} limit 1), ${horizon}) as upto`),
    );
    const upto = bound!.upto;
    const day = sql`to_char(l.expires_at at time zone ${timeZone}, 'YYYY-MM-DD')`;
    await writeTriggerMessages(
      tx,
      { id: trigger.id, controlPercent: trigger.control_percent },
      sql`
        select d.user_id, 'expiring:' || d.day as occasion,
          ${trigger.id}::text || ':' || d.user_id::text || ':expiring:' || d.day as idem
        from (
          select distinct l.user_id, ${day} as day from bonus_lots l
          where l.remaining > 0 and l.expires_at is not null
            and l.expires_at > ${from}::timestamptz and l.expires_at <= ${upto}::timestamptz
            and l.expires_at > ${now.toISOString()}::timestamptz
        ) d`,
      now,
    );
    await moveTriggerCursor(tx, trigger.id, upto, null);
    return upto !== horizon;
  });
}
