import { sql } from 'drizzle-orm';
import { readBrandSettings } from '#server/core/brand-settings';
import { heldOutSql } from '#server/core/messages/control-group';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { startLocked } from './start';
import { fireBirthday } from './trigger-birthday';
import { fireExpiring } from './trigger-expiring';
import type { ActiveTrigger } from './trigger-lock';
import { fireWelcome } from './trigger-welcome';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const DAY_MS = 86_400_000;

/**
 * «Мы скучаем» (decision 076): members whose last purchase is now `lapsedDays` old. Each run looks only at the
 * purchases made between the trigger's cursor and `now − lapsedDays` — a range of `operations_occurred_user`,
 * never every member — keeps each member whose purchase there is their last (`operations_user_history`), and writes
 * one message per member and last purchase (its day is the occasion: a member who comes back and lapses again
 * gets another). Then the cursor moves to the edge, in the same transaction.
 */
async function fireLapsed(db: Db, trigger: ActiveTrigger, now: Date): Promise<void> {
  const edge = new Date(now.getTime() - (trigger.lapsed_days ?? 0) * DAY_MS).toISOString();
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

/** Slices one trigger takes per run at most, so a long pause catches up over several runs. */
const SLICES_PER_RUN = 10;

/**
 * Every active trigger fired once (decisions 076, 081); level up is written where the rise happens
 * (`emitLevelChange`), not here. A walking trigger takes slices while they come full, up to `SLICES_PER_RUN`.
 */
export async function fireTriggers(deps: { db: Db; authSecret: string }, now: Date): Promise<void> {
  const triggers = rowsOf<ActiveTrigger>(
    await deps.db.execute(sql`
      select id, trigger, lapsed_days, welcome_hours, days_before, control_percent from message_campaigns
      where kind = 'trigger' and status = 'active' and trigger <> 'level_up'`),
  );
  if (triggers.length === 0) return;
  const { timeZone } = await readBrandSettings(deps.db);
  for (const trigger of triggers) {
    if (trigger.trigger === 'lapsed') {
      await fireLapsed(deps.db, trigger, now);
      continue;
    }
    for (let slice = 0; slice < SLICES_PER_RUN; slice++) {
      const more =
        trigger.trigger === 'welcome'
          ? await fireWelcome(deps, trigger, now)
          : trigger.trigger === 'birthday'
            ? await fireBirthday(deps, trigger, now, timeZone)
            : await fireExpiring(deps.db, trigger, now, timeZone);
      if (!more) break;
    }
  }
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
