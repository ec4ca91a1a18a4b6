import { sql } from 'drizzle-orm';
import type { Clock } from '#server/core/clock';
import type { Db } from '#server/db/client';
import { startIntervalJob } from '#server/lib/interval-job';

/**
 * How long the outbox keeps an event and its finished deliveries (decision 079): 30 days, ten times the 3 days of
 * retries, so the console's delivery log and its replay cover any incident a chain notices within a month. A
 * delivery still pending (a recent replay of an old event) keeps its event.
 */
export const WEBHOOK_KEEP_MS = 30 * 86_400_000;
const BATCH = 1000;

/**
 * Deletes up to 1,000 events older than the keep, oldest first by the `webhook_events_created` index, with their
 * finished deliveries, in one statement (the foreign key is checked at its end, when the deliveries are gone).
 * Answers how many events went; a second instance deleting the same rows deletes nothing.
 */
export async function purgeOldWebhookEvents(deps: { db: Db; clock: Clock }): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - WEBHOOK_KEEP_MS).toISOString();
  const result = await deps.db.execute(sql`
    with old as (
      select e.id from webhook_events e
      where e.created_at < ${cutoff}::timestamptz
        and not exists (select 1 from webhook_deliveries p where p.event_id = e.id and p.status = 'pending')
      order by e.created_at
      limit ${BATCH}
    ), finished as (
      delete from webhook_deliveries d using old where d.event_id = old.id returning d.event_id
    )
    delete from webhook_events e using old where e.id = old.id returning e.id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

/** The purge every `intervalMs` in this process, like the other housekeeping jobs. */
export function startWebhookPurgeJob(
  deps: { db: Db; clock: Clock },
  options: { intervalMs: number; onError: (error: unknown) => void },
) {
  return startIntervalJob(() => purgeOldWebhookEvents(deps), options);
}
