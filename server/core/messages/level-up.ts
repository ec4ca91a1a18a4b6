import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { heldOutSql } from './control-group';

/**
 * The level-up trigger (decision 081). Levels are computed, never stored (decision 027), so a rise is seen where
 * the spend moves: `emitLevelChange`, in the purchase's own transaction. Whether any level-up trigger is on is
 * cached per database for a few seconds (as the webhook endpoints are), so the money path asks the database
 * nothing more while none is; one switched on or off through this process is seen at once.
 */
const TTL_MS = 5_000;
const entries = new WeakMap<Db, { loadedAt: number; on: boolean }>();
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Whether a level-up trigger is active: read through `tx` (decision 065), cached under `root`. */
export async function levelUpTriggerOn(root: Db, tx: Db): Promise<boolean> {
  const cached = entries.get(root);
  if (cached && Date.now() - cached.loadedAt < TTL_MS) return cached.on;
  const rows = rowsOf(
    await tx.execute(sql`
      select 1 from message_campaigns where kind = 'trigger' and trigger = 'level_up' and status = 'active' limit 1`),
  );
  entries.set(root, { loadedAt: Date.now(), on: rows.length > 0 });
  return rows.length > 0;
}

/** Drops the cached answer: called after a trigger is switched on or off. */
export function forgetLevelUpTriggers(root: Db): void {
  entries.delete(root);
}

/**
 * Writes, in the rise's transaction `tx`, one message per active level-up trigger for the member and the level
 * reached: its title is the occasion, so a member who falls and rises to it again is not written to twice, and
 * the key (`<trigger>:<member>:level:<title>`) makes a retried purchase write nothing new. The trigger's status
 * is read in the statement, so a stale cache never writes for a paused one.
 */
export async function writeLevelUpMessages(
  tx: Db,
  rise: { memberId: string; level: string; at: Date },
): Promise<void> {
  const at = rise.at.toISOString();
  const held = heldOutSql(sql`c.id`, sql`u.id`, sql`c.control_percent`);
  await tx.execute(sql`
    insert into messages (campaign_id, user_id, occasion, grp, status, idempotency_key, link_code, not_before, anchor_at, created_at)
    select c.id, u.id, ${`level:${rise.level}`},
      case when ${held} then 'control' else 'campaign' end,
      case when ${held} then 'control' else 'queued' end,
      c.id::text || ':' || u.id::text || ':' || ${`level:${rise.level}`},
      substr(replace(gen_random_uuid()::text, '-', ''), 1, 12),
      ${at}::timestamptz,
      case when ${held} then ${at}::timestamptz end,
      ${at}::timestamptz
    from message_campaigns c
    join users u on u.id = ${rise.memberId}::uuid and u.deleted_at is null
    where c.kind = 'trigger' and c.trigger = 'level_up' and c.status = 'active'
    on conflict do nothing`);
}
