import { sql } from 'drizzle-orm';
import { phoneKey } from '#server/core/earn/phone-key';
import { valuesSource, writeTriggerMessages } from '#server/core/messages/trigger-rows';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { DONE_ID, lockTrigger, moveTriggerCursor, TRIGGER_SLICE, type ActiveTrigger } from './trigger-lock';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const HOUR_MS = 3_600_000;

/**
 * The welcome trigger (decision 081): members whose registration is `welcome_hours` old. One slice per run walks
 * the registrations after the cursor (`registered_at`, `id`, by `users_registered`) up to `now − hours`, and
 * writes one message per person: the key is the phone's key (decision 030), not the member's id, so deleting the
 * account and registering the phone again brings no second welcome (nor its coupon). Answers whether a full
 * slice was taken (more may be due).
 */
export async function fireWelcome(
  deps: { db: Db; authSecret: string },
  trigger: ActiveTrigger,
  now: Date,
): Promise<boolean> {
  const edge = new Date(now.getTime() - (trigger.welcome_hours ?? 0) * HOUR_MS).toISOString();
  return inTransaction(deps.db, async (tx) => {
    const cursor = await lockTrigger(tx, trigger.id);
    if (!cursor?.cursor_at) return false;
    const slice = rowsOf<{ id: string; phone: string; registered_at: string; deleted: boolean }>(
      await tx.execute(sql`
        select id, phone, registered_at::text as registered_at, deleted_at is not null as deleted from users
        where registered_at is not null
          and (registered_at, id) > (${cursor.cursor_at}::timestamptz, ${cursor.cursor_id ?? DONE_ID}::uuid)
          and registered_at <= ${edge}::timestamptz
        order by registered_at, id limit ${TRIGGER_SLICE}`),
    );
    const last = slice.at(-1);
    if (!last) return false;
    // A temporary payer has no phone to key by (and no one to welcome); a deleted one is dropped when written.
    const rows = slice
      .filter((u) => !u.deleted && !u.phone.startsWith('temp-'))
      .map((u) => ({
        userId: u.id,
        occasion: 'welcome',
        key: `${trigger.id}:welcome:${phoneKey(deps.authSecret, u.phone)}`,
      }));
    if (rows.length > 0) {
      await writeTriggerMessages(
        tx,
        { id: trigger.id, controlPercent: trigger.control_percent },
        valuesSource(rows),
        now,
      );
    }
    await moveTriggerCursor(tx, trigger.id, last.registered_at, last.id);
    return slice.length === TRIGGER_SLICE;
  });
}
