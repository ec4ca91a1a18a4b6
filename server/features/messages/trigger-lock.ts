import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import type { MessageTrigger } from '#server/db/schema/messages';

/** An active trigger as the job reads it (decisions 076, 081). */
export interface ActiveTrigger {
  id: string;
  trigger: MessageTrigger;
  lapsed_days: number | null;
  welcome_hours: number | null;
  days_before: number | null;
  control_percent: number;
}

/** Where a trigger's walk stands, read under its row lock; the time as text keeps the database's microseconds. */
export interface TriggerCursor {
  cursor_at: string | null;
  cursor_id: string | null;
}

/** Rows a walk takes per transaction: a slice, so a national chain's busy day is written in many small steps. */
export const TRIGGER_SLICE = 500;
export const FIRST_ID = '00000000-0000-0000-0000-000000000000';
/** A walk over ids that has finished its day: no id is greater. */
export const DONE_ID = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Locks an active trigger's row for the transaction, SKIP LOCKED: a second instance firing it at the same time
 * gets null and moves on, so one walk step is never taken twice.
 */
export async function lockTrigger(tx: Db, triggerId: string): Promise<TriggerCursor | null> {
  const [row] = rowsOf<TriggerCursor>(
    await tx.execute(sql`
      select cursor_at::text as cursor_at, cursor_id from message_campaigns
      where id = ${triggerId} and status = 'active' for update skip locked`),
  );
  return row ?? null;
}

export async function moveTriggerCursor(tx: Db, triggerId: string, at: string, id: string | null) {
  await tx.execute(sql`
    update message_campaigns set cursor_at = ${at}::timestamptz, cursor_id = ${id}::uuid where id = ${triggerId}`);
}
