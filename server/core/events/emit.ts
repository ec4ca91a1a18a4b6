import { sql } from 'drizzle-orm';
import type { WebhookEventType } from '#common/contract/webhooks';
import type { Db } from '#server/db/client';
import { endpointsFor } from './endpoint-cache';
import { WEBHOOK_RETRY } from './retry';

export interface EmittedEvent {
  type: WebhookEventType;
  /** Orders the member's events per endpoint; null when the event has no member. */
  memberId: string | null;
  payload: Record<string, unknown>;
  at: Date;
}

/**
 * Writes an event to the outbox inside the change's own transaction `tx` (decision 073): one `webhook_events`
 * row and one pending `webhook_deliveries` row per active endpoint subscribed to its type, in one statement. With
 * no such endpoint it writes nothing and, the endpoints cached, asks the database nothing. `root` is the app's
 * database (the cache's key). A rolled-back change rolls its event back.
 */
export async function emitEvent(root: Db, tx: Db, event: EmittedEvent): Promise<void> {
  const endpoints = await endpointsFor(root, tx, event.type);
  if (endpoints.length === 0) return;
  const at = event.at.toISOString();
  await tx.execute(sql`
    with event as (
      insert into webhook_events (type, member_id, payload, created_at)
      values (${event.type}, ${event.memberId}, ${JSON.stringify(event.payload)}::jsonb, ${at}::timestamptz)
      returning id, member_id, created_at
    )
    insert into webhook_deliveries (event_id, endpoint_id, member_id, event_created_at, next_attempt_at, give_up_at)
    select event.id, e.id, event.member_id, event.created_at, event.created_at,
      event.created_at + ${`${WEBHOOK_RETRY.giveUpAfterMs} milliseconds`}::interval
    from event, webhook_endpoints e
    where e.id = any(${`{${endpoints.join(',')}}`}::uuid[]) and e.active`);
}
