import { eq } from 'drizzle-orm';
import type { WebhookEndpointInfo, WebhookEventType } from '#common/contract/webhooks';
import { recordAudit, type AuditActor } from '#server/core/audit';
import { forgetEndpoints } from '#server/core/events/endpoint-cache';
import { checkEndpointUrl, type ResolveHost } from '#server/core/events/endpoint-url';
import { newWebhookSecret } from '#server/core/events/signature';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { webhookEndpoints } from '#server/db/schema/webhooks';
import { notFound } from '#server/errors';

type EndpointRow = typeof webhookEndpoints.$inferSelect;

export interface EndpointDeps {
  db: Db;
  /** Production: https only, and no private address anywhere the host resolves to (decision 073). */
  production: boolean;
  resolve?: ResolveHost;
}

/** An endpoint as the API shows it: never its secret. */
export function endpointView(row: EndpointRow): WebhookEndpointInfo {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit keeps of an endpoint: its view, the secret never. */
const audited = (row: EndpointRow) => {
  const { url, description, eventTypes, active } = endpointView(row);
  return { url, description, eventTypes, active };
};

/** Every endpoint, oldest first. */
export async function listEndpoints(db: Db): Promise<WebhookEndpointInfo[]> {
  const rows = await db.select().from(webhookEndpoints).orderBy(webhookEndpoints.createdAt);
  return rows.map(endpointView);
}

/** Registers an endpoint (its URL checked first: nothing is written for a refused one); the secret once. */
export async function createEndpoint(
  deps: EndpointDeps,
  body: { url: string; description: string; eventTypes: WebhookEventType[] },
  actor: AuditActor,
  now: Date,
) {
  const url = await checkEndpointUrl(body.url, { production: deps.production, resolve: deps.resolve });
  const secret = newWebhookSecret();
  const row = await inTransaction(deps.db, async (tx) => {
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({
        url,
        description: body.description,
        secret,
        eventTypes: body.eventTypes,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordAudit(
      tx,
      actor,
      {
        action: 'webhook.create',
        entity: 'webhook',
        entityId: created!.id,
        after: audited(created!),
      },
      now,
    );
    return created!;
  });
  forgetEndpoints(deps.db);
  return { ...endpointView(row), secret };
}

/** Changes an endpoint's address, description, events or switch; audited with before and after. */
export async function updateEndpoint(
  deps: EndpointDeps,
  id: string,
  body: {
    url?: string | undefined;
    description?: string | undefined;
    eventTypes?: WebhookEventType[] | undefined;
    active?: boolean | undefined;
  },
  actor: AuditActor,
  now: Date,
): Promise<WebhookEndpointInfo> {
  const url =
    body.url === undefined
      ? undefined
      : await checkEndpointUrl(body.url, { production: deps.production, resolve: deps.resolve });
  const row = await inTransaction(deps.db, async (tx) => {
    const [before] = await tx
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id))
      .for('update');
    if (!before) throw notFound('Адрес для событий не найден');
    const [after] = await tx
      .update(webhookEndpoints)
      .set({
        ...(url === undefined ? {} : { url }),
        ...(body.description === undefined ? {} : { description: body.description }),
        ...(body.eventTypes === undefined ? {} : { eventTypes: body.eventTypes }),
        ...(body.active === undefined ? {} : { active: body.active }),
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    await recordAudit(
      tx,
      actor,
      {
        action: 'webhook.update',
        entity: 'webhook',
        entityId: id,
        before: audited(before),
        after: audited(after!),
      },
      now,
    );
    return after!;
  });
  forgetEndpoints(deps.db);
  return endpointView(row);
}

/** A new secret at once (the old one signs nothing more); in this answer only, audited without it. */
export async function rotateSecret(deps: EndpointDeps, id: string, actor: AuditActor, now: Date) {
  const secret = newWebhookSecret();
  const row = await inTransaction(deps.db, async (tx) => {
    const [after] = await tx
      .update(webhookEndpoints)
      .set({ secret, updatedAt: now })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    if (!after) throw notFound('Адрес для событий не найден');
    await recordAudit(tx, actor, { action: 'webhook.rotate', entity: 'webhook', entityId: id }, now);
    return after;
  });
  return { ...endpointView(row), secret };
}
