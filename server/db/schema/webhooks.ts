import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const at = () => timestamp({ withTimezone: true });

/**
 * A chain's system that receives the programme's events (decision 073). The secret signs each delivery, so it
 * is kept as is (never shown again after creation or rotation, never in a list or the audit).
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: uuid().primaryKey().defaultRandom(),
  url: text().notNull(),
  description: text().notNull().default(''),
  secret: text().notNull(),
  /** The event types it receives (`WEBHOOK_EVENT_TYPES`). */
  eventTypes: text().array().notNull(),
  active: boolean().notNull().default(true),
  createdAt: at().notNull(),
  updatedAt: at().notNull(),
});

/**
 * The outbox: one row per event, written in the transaction of the change it tells of, and only when an active
 * endpoint subscribes to its type. `memberId` orders a member's events (null: no member, e.g. a gift card
 * bought without an account).
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    type: text().notNull(),
    memberId: uuid(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: at().notNull(),
  },
  (t) => [index('webhook_events_created').on(t.createdAt)],
);

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/**
 * One event to one endpoint: its attempts and their outcome. The job claims a due pending row with a lease
 * (`claimedAt`) and `FOR UPDATE SKIP LOCKED`; `memberId` and `eventCreatedAt` are copied from the event so the
 * "an earlier event of the member is still pending" check reads this table alone.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Insertion order: a member's two events of one moment are delivered in the order they were written. */
    seq: bigint({ mode: 'number' }).generatedAlwaysAsIdentity(),
    eventId: uuid()
      .notNull()
      .references(() => webhookEvents.id),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id),
    memberId: uuid(),
    eventCreatedAt: at().notNull(),
    status: text().$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: at().notNull(),
    /** When retrying stops and the delivery is marked failed: 3 days after the event, or after a replay. */
    giveUpAt: at().notNull(),
    claimedAt: at(),
    lastStatusCode: integer(),
    lastError: text(),
    lastResponseMs: integer(),
    deliveredAt: at(),
  },
  (t) => [
    check('webhook_deliveries_status', sql`${t.status} in ('pending', 'delivered', 'failed')`),
    index('webhook_deliveries_due')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_member')
      .on(t.endpointId, t.memberId, t.eventCreatedAt, t.seq)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_event').on(t.eventId),
  ],
);
