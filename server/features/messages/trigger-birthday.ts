import { sql } from 'drizzle-orm';
import { localTime } from '#server/core/earn/local-time';
import { phoneKey } from '#server/core/earn/phone-key';
import { addDays, birthdayKeySql, birthdaysOn } from '#server/core/messages/birthday-day';
import { valuesSource, writeTriggerMessages } from '#server/core/messages/trigger-rows';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import {
  DONE_ID,
  FIRST_ID,
  lockTrigger,
  moveTriggerCursor,
  TRIGGER_SLICE,
  type ActiveTrigger,
} from './trigger-lock';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The birthday trigger (decision 081): on the brand's calendar day `days_before` before members' birthdays (29
 * February on 28 February in other years), one message per person and year of the birthday, keyed by the phone's
 * key (decision 030) so a re-registered phone is not greeted twice that year. The day's members are read by the
 * `users_birthday` index in slices by id; the cursor holds the day (`cursor_at`, its midnight UTC as a marker)
 * and the last id written (`DONE_ID` once the day is through). A day the job did not run on is not caught up
 * later: a belated greeting is not a birthday greeting. Answers whether a full slice was taken.
 */
export async function fireBirthday(
  deps: { db: Db; authSecret: string },
  trigger: ActiveTrigger,
  now: Date,
  timeZone: string,
): Promise<boolean> {
  const day = addDays(localTime(now, timeZone).day, trigger.days_before ?? 0);
  const marker = `${day}T00:00:00Z`;
  const { keys, year } = birthdaysOn(day);
  return inTransaction(deps.db, async (tx) => {
    const cursor = await lockTrigger(tx, trigger.id);
    if (!cursor) return false;
    const sameDay = cursor.cursor_at !== null && new Date(cursor.cursor_at).getTime() === Date.parse(marker);
    const after = sameDay ? (cursor.cursor_id ?? FIRST_ID) : FIRST_ID;
    if (after === DONE_ID) return false;
    const slice = rowsOf<{ id: string; phone: string }>(
      await tx.execute(sql`
        select id, phone from users
        where birth_date is not null and ${birthdayKeySql(sql`birth_date`)} in (${sql.join(
          keys.map((k) => sql`${k}`),
          sql`, `,
        )})
          and id > ${after}::uuid and registered_at is not null and deleted_at is null
        order by id limit ${TRIGGER_SLICE}`),
    );
    const rows = slice
      .filter((u) => !u.phone.startsWith('temp-'))
      .map((u) => ({
        userId: u.id,
        occasion: `birthday:${year}`,
        key: `${trigger.id}:birthday:${phoneKey(deps.authSecret, u.phone)}:${year}`,
      }));
    if (rows.length > 0) {
      await writeTriggerMessages(
        tx,
        { id: trigger.id, controlPercent: trigger.control_percent },
        valuesSource(rows),
        now,
      );
    }
    const full = slice.length === TRIGGER_SLICE;
    await moveTriggerCursor(tx, trigger.id, marker, full ? slice.at(-1)!.id : DONE_ID);
    return full;
  });
}
