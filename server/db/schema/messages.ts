import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

const at = () => timestamp({ withTimezone: true });

export type MessageChannelName = 'sms' | 'email' | 'push';
export type MessageCampaignKind = 'campaign' | 'trigger';
export type MessageTrigger = 'lapsed' | 'welcome' | 'level_up' | 'expiring' | 'birthday';
export type MessageCampaignStatus =
  'draft' | 'scheduled' | 'sending' | 'done' | 'stopped' | 'active' | 'paused';
export type MessageGroup = 'campaign' | 'control';
export type MessageStatus =
  | 'queued'
  | 'sending'
  | 'sent'
  | 'delivered'
  | 'undelivered'
  | 'failed'
  | 'skipped'
  | 'control'
  | 'interrupted';

/**
 * A campaign or a triggered message (issue 31 item 3, decision 076): its channel, audience (a saved segment, or
 * every member until segments are wired), template, control share, SMS budget and the days purchases count after
 * a send. `links` are the template's URLs in order: a short link `/r/<code><n>` redirects to `links[n]` only.
 */
export const messageCampaigns = pgTable(
  'message_campaigns',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text().$type<MessageCampaignKind>().notNull(),
    trigger: text().$type<MessageTrigger>(),
    /** The «мы скучаем» trigger: days since the member's last purchase. */
    lapsedDays: integer(),
    /** The welcome trigger: hours after the registration (0: at once). Decision 081. */
    welcomeHours: integer(),
    /** The expiring and birthday triggers: days before the bonuses expire, or before the birthday (0: on it). */
    daysBefore: integer(),
    name: text().notNull(),
    channel: text().$type<MessageChannelName>().notNull(),
    segmentId: uuid(),
    subject: text().notNull().default(''),
    template: text().notNull(),
    links: jsonb().$type<string[]>().notNull().default([]),
    couponPromoId: uuid(),
    /** The share of the audience held out, in whole percent 0..50. */
    controlPercent: smallint().notNull(),
    /** The SMS budget: at most this many SMS sent; null is none. */
    budgetMessages: integer(),
    /** SMS (or e-mails) handed to the provider: reserved one by one against the budget before each call. */
    sentCount: integer().notNull().default(0),
    attributionDays: smallint().notNull(),
    status: text().$type<MessageCampaignStatus>().notNull(),
    scheduledAt: at(),
    startedAt: at(),
    finishedAt: at(),
    stopReason: text(),
    /** The trigger's high-water mark: last purchases up to here were looked at already. */
    cursorAt: at(),
    /**
     * With `cursorAt`, where a walk over ids stopped (decision 081): the welcome trigger's last registration taken
     * (`registered_at`, `id`), the birthday trigger's last member written on the day `cursorAt` marks.
     */
    cursorId: uuid(),
    createdAt: at().notNull(),
    updatedAt: at().notNull(),
  },
  (t) => [
    check('message_campaigns_kind', sql`${t.kind} in ('campaign', 'trigger')`),
    check('message_campaigns_channel', sql`${t.channel} in ('sms', 'email', 'push')`),
    check('message_campaigns_control', sql`${t.controlPercent} between 0 and 50`),
    check(
      'message_campaigns_status',
      sql`${t.status} in ('draft', 'scheduled', 'sending', 'done', 'stopped', 'active', 'paused')`,
    ),
    index('message_campaigns_scheduled')
      .on(t.scheduledAt)
      .where(sql`${t.status} = 'scheduled'`),
  ],
);

/**
 * One member's message of a campaign (decision 076): written when the campaign starts (or the trigger fires) with
 * its group, decided once; the queue claims `queued` rows by `messages_due` with FOR UPDATE SKIP LOCKED, marks
 * one `sending` with its idempotency key before calling the provider, and never sends a `sending` row again.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    campaignId: uuid()
      .notNull()
      .references(() => messageCampaigns.id),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    /** A trigger's occasion (the lapsed member's last purchase day); '' for a campaign: one message per member. */
    occasion: text().notNull().default(''),
    grp: text().$type<MessageGroup>().notNull(),
    status: text().$type<MessageStatus>().notNull(),
    reason: text(),
    /** The key the provider call carries (and the row is found by after a crash). */
    idempotencyKey: text().notNull(),
    /** The short links' code: `/r/<linkCode><n>`. */
    linkCode: text().notNull(),
    notBefore: at().notNull(),
    claimedAt: at(),
    /** Sent for the campaign group; the moment its turn came for the control group (purchases count from it). */
    anchorAt: at(),
    providerId: text(),
    deliveredAt: at(),
    clickedAt: at(),
    createdAt: at().notNull(),
  },
  (t) => [
    uniqueIndex('messages_once').on(t.campaignId, t.userId, t.occasion),
    uniqueIndex('messages_key').on(t.idempotencyKey),
    uniqueIndex('messages_link').on(t.linkCode),
    index('messages_due')
      .on(t.notBefore)
      .where(sql`${t.status} = 'queued'`),
    index('messages_campaign').on(t.campaignId, t.grp, t.status),
    // The messages being sent, which every run's reconcile looks for: a crashed run's (decision 089).
    index('messages_sending')
      .on(t.claimedAt)
      .where(sql`${t.status} = 'sending'`),
    // The member's recent advertising sends, for the frequency cap.
    index('messages_user_sent')
      .on(t.userId, t.anchorAt)
      .where(sql`${t.status} in ('sent', 'delivered', 'undelivered')`),
    index('messages_provider')
      .on(t.providerId)
      .where(sql`${t.providerId} is not null`),
    check('messages_group', sql`${t.grp} in ('campaign', 'control')`),
    check(
      'messages_status',
      sql`${t.status} in ('queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed', 'skipped', 'control', 'interrupted')`,
    ),
  ],
);

/** Each click on a tracked short link: the message, which link, when. */
export const messageClicks = pgTable(
  'message_clicks',
  {
    messageId: uuid()
      .notNull()
      .references(() => messages.id),
    linkIndex: smallint().notNull(),
    at: at().notNull(),
    seq: bigint({ mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.seq] })],
);
