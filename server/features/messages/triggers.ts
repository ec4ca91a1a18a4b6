import { sql } from 'drizzle-orm';
import { heldOutSql } from '#server/core/messages/control-group';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { startLocked } from './start';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const DAY_MS = 86_400_000;

interface ActiveLapsed {
  id: string;
  lapsed_days: number;
  control_percent: number;
  cursor_at: string | Date;
}

/**
 * «Мы скучаем» (decision 076): members whose last purchase is now `lapsedDays` old. Each run looks only at the
 * purchases made between the trigger's cursor and `now − lapsedDays` — a range of `operations_occurred_user`,
 * never every member — keeps each member whose purchase there is their last (`operations_user_history`), and writes
 * one message per member and last purchase (its day is the occasion: a member who comes back and lapses again
 * gets another). Then the cursor moves to the edge, in the same transaction.
 */
async function fireLapsed(db: Db, trigger: ActiveLapsed, now: Date): Promise<void> {
  const edge = new Date(now.getTime() - trigger.lapsed_days * DAY_MS).toISOString();
  const nowIso = now.toISOString();
  const held = heldOutSql(sql`${trigger.id}`, sql`l.user_id`, trigger.control_percent);
  await inTransaction(db, async (tx) => {
    const [locked] = rowsOf<{ cursor_at: string | Date }>(
      await tx.execute(sql`
        select cursor_at from message_campaigns
        where id = ${trigger.id} and status = 'active' for update skip locked`),
    );
    if (!locked) return;
    const from = new Date(locked.cursor_at).toISOString();
    if (from >= edge) return;
    await tx.execute(sql`
      insert into messages (campaign_id, user_id, occasion, grp, status, idempotency_key, link_code, not_before, anchor_at, created_at)
      select ${trigger.id}::uuid, l.user_id, l.last_at::text,
        case when ${held} then 'control' else 'campaign' end,
        case when ${held} then 'control' else 'queued' end,
        ${trigger.id}::text || ':' || l.user_id::text || ':' || l.last_at::text,
        substr(replace(gen_random_uuid()::text, '-', ''), 1, 12),
        ${nowIso}::timestamptz,
        case when ${held} then ${nowIso}::timestamptz end,
        ${nowIso}::timestamptz
      from (
        select o.user_id, max(o.occurred_at) as last_at from operations o
        where o.occurred_at > ${from}::timestamptz and o.occurred_at <= ${edge}::timestamptz
          and o.type in ('PAYMENT', 'CASHBACK') and o.state = 'PROCESSED'
        group by o.user_id
      ) l
      join users u on u.id = l.user_id and u.deleted_at is null
      where not exists (
        select 1 from operations o2
        where o2.user_id = l.user_id and o2.occurred_at > l.last_at
          and o2.type in ('PAYMENT', 'CASHBACK') and o2.state = 'PROCESSED')
      on conflict do nothing`);
    await tx.execute(
      sql`update message_campaigns set cursor_at = ${edge}::timestamptz where id = ${trigger.id}`,
    );
  });
}

/** Every active «мы скучаем» trigger, fired once. */
export async function fireTriggers(db: Db, now: Date): Promise<void> {
  const triggers = rowsOf<ActiveLapsed>(
    await db.execute(sql`
      select id, lapsed_days, control_percent, cursor_at from message_campaigns
      where kind = 'trigger' and trigger = 'lapsed' and status = 'active'`),
  );
  for (const trigger of triggers) await fireLapsed(db, trigger, now);
}

/** Campaigns scheduled for now or earlier start (their messages written), each in its own transaction. */
export async function startScheduled(db: Db, now: Date): Promise<void> {
  const due = rowsOf<{ id: string }>(
    await db.execute(sql`
      select id from message_campaigns
      where status = 'scheduled' and scheduled_at <= ${now.toISOString()}::timestamptz`),
  );
  for (const { id } of due) await inTransaction(db, (tx) => startLocked(tx, id, now));
}
