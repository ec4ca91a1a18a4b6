import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

const at = () => timestamp({ withTimezone: true });

/**
 * A member's current consent to advertising (38-ФЗ art. 18, decision 072), one row per channel once they have
 * ever given or withdrawn it; no row means no consent. The history below is the proof; this is what a send reads.
 */
export const marketingConsents = pgTable(
  'marketing_consents',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id),
    channel: text().notNull(),
    granted: boolean().notNull(),
    changedAt: at().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.channel] }),
    check('marketing_consents_channel', sql`${t.channel} in ('sms', 'email', 'push')`),
  ],
);

/**
 * Every change of a member's advertising consent, append-only (a trigger refuses UPDATE and DELETE): when, how,
 * the channel, and which text the member saw (its version and SHA-256). No personal data beyond the user id, so
 * it outlives the account's deletion (decision 072).
 */
export const marketingConsentEvents = pgTable(
  'marketing_consent_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    channel: text().notNull(),
    granted: boolean().notNull(),
    /** registration, cabinet, unsubscribe, operator, account_deleted. */
    source: text().notNull(),
    textVersion: text().notNull(),
    textHash: text().notNull(),
    /** The staff member who recorded a withdrawal on the member's request (source operator); else null. */
    staffId: uuid(),
    at: at().notNull(),
  },
  (t) => [
    index('marketing_consent_events_user').on(t.userId, t.at),
    check('marketing_consent_events_channel', sql`${t.channel} in ('sms', 'email', 'push')`),
    check(
      'marketing_consent_events_source',
      sql`${t.source} in ('registration', 'cabinet', 'unsubscribe', 'operator', 'account_deleted')`,
    ),
  ],
);
