import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { heldOutSql } from './control-group';

/** One message a trigger writes (decision 081): the member, the occasion, the idempotency key. */
export interface TriggerRow {
  userId: string;
  occasion: string;
  key: string;
}

/**
 * Writes a trigger's messages in one statement, as a campaign's (decision 076): each row's group drawn once
 * (held out: `control`, its purchases counted from now; otherwise `queued`, due now). `source` yields
 * `user_id`, `occasion`, `idem`. A deleted member gets none; a row whose key or (trigger, member, occasion) was
 * written before is skipped (`messages_key`, `messages_once`), so a rerun or a second instance adds nothing.
 * Answers how many were written.
 */
export async function writeTriggerMessages(
  tx: Db,
  trigger: { id: string; controlPercent: number },
  source: SQL,
  now: Date,
): Promise<number> {
  const nowIso = now.toISOString();
  const held = heldOutSql(sql`${trigger.id}`, sql`s.user_id`, trigger.controlPercent);
  const result = await tx.execute(sql`
    insert into messages (campaign_id, user_id, occasion, grp, status, idempotency_key, link_code, not_before, anchor_at, created_at)
    select ${trigger.id}::uuid, s.user_id,  s.occasion,
      case when ${held} then 'control' else 'campaign' end,
      case when ${held} then 'control' else 'queued' end,
      s.idem,
      substr(replace(gen_random_uuid()::text, '-', ''), 1, 12),
      ${nowIso}::timestamptz,
      case when ${held} then ${nowIso}::timestamptz end,
      ${nowIso}::timestamptz
    from (${source}) s
    join users u on u.id = s.user_id and u.deleted_at is null
    on conflict do nothing`);
  return affected(result);
}

/** The rows as a VALUES list (their keys computed in code: a phone's key needs the secret). */
export function valuesSource(rows: readonly TriggerRow[]): SQL {
  const values = rows.map((r) => sql`(${r.userId}::uuid, ${r.occasion}::text, ${r.key}::text)`);
  return sql`select * from (values ${sql.join(values, sql`, `)}) as v(user_id, occasion, idem)`;
}

const affected = (result: unknown) =>
  (result as { affectedRows?: number; rowCount?: number }).affectedRows ??
  (result as { rowCount?: number }).rowCount ??
  0;
