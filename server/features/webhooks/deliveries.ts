import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { WebhookDelivery } from '#common/contract/webhooks';
import { recordAudit, type AuditActor } from '#server/core/audit';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '#server/db/schema/webhooks';
import { notFound } from '#server/errors';
import { WEBHOOK_RETRY } from '#server/core/events/retry';

export interface DeliveryFilter {
  endpointId?: string | undefined;
  status?: 'pending' | 'delivered' | 'failed' | undefined;
  eventType?: string | undefined;
  memberId?: string | undefined;
  limit: number;
}

const COLUMNS = {
  id: webhookDeliveries.id,
  endpointId: webhookDeliveries.endpointId,
  url: webhookEndpoints.url,
  eventId: webhookDeliveries.eventId,
  eventType: webhookEvents.type,
  memberId: webhookDeliveries.memberId,
  eventCreatedAt: webhookDeliveries.eventCreatedAt,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  lastStatusCode: webhookDeliveries.lastStatusCode,
  lastError: webhookDeliveries.lastError,
  lastResponseMs: webhookDeliveries.lastResponseMs,
  deliveredAt: webhookDeliveries.deliveredAt,
  payload: webhookEvents.payload,
};

type Row = {
  [K in keyof typeof COLUMNS]: (typeof COLUMNS)[K]['_']['notNull'] extends true
    ? (typeof COLUMNS)[K]['_']['data']
    : (typeof COLUMNS)[K]['_']['data'] | null;
};

function deliveryView(row: Row): WebhookDelivery {
  return {
    ...row,
    eventCreatedAt: row.eventCreatedAt.toISOString(),
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

function selectDeliveries(db: Db, where: SQL | undefined) {
  return db
    .select(COLUMNS)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(where);
}

/** The delivery log, newest event first, by endpoint, status, event type and member. */
export async function listDeliveries(db: Db, filter: DeliveryFilter): Promise<WebhookDelivery[]> {
  const rows = await selectDeliveries(
    db,
    and(
      filter.endpointId ? eq(webhookDeliveries.endpointId, filter.endpointId) : undefined,
      filter.status ? eq(webhookDeliveries.status, filter.status) : undefined,
      filter.eventType ? eq(webhookEvents.type, filter.eventType) : undefined,
      filter.memberId ? eq(webhookDeliveries.memberId, filter.memberId) : undefined,
    ),
  )
    .orderBy(desc(webhookDeliveries.eventCreatedAt), desc(webhookDeliveries.seq))
    .limit(filter.limit);
  return rows.map(deliveryView);
}

/**
 * Sends a delivery again: pending, due now, its attempts counted afresh and 3 days to try from now. The event
 * keeps its id, so a receiver that had it already drops it. Audited.
 */
export async function replayDelivery(
  db: Db,
  id: string,
  actor: AuditActor,
  now: Date,
): Promise<WebhookDelivery> {
  await inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(webhookDeliveries)
      .set({
        status: 'pending',
        attempts: 0,
        nextAttemptAt: now,
        claimedAt: null,
        giveUpAt: new Date(now.getTime() + WEBHOOK_RETRY.giveUpAfterMs),
      })
      .where(eq(webhookDeliveries.id, id))
      .returning({ eventId: webhookDeliveries.eventId, endpointId: webhookDeliveries.endpointId });
    if (!row) throw notFound('Доставка не найдена');
    await recordAudit(
      tx,
      actor,
      { action: 'webhook.replay', entity: 'webhook-delivery', entityId: id, after: row },
      now,
    );
  });
  const [row] = await selectDeliveries(db, eq(webhookDeliveries.id, id));
  return deliveryView(row!);
}
