import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

const at = () => timestamp({ withTimezone: true });

/**
 * A browser where a member switched notifications on (decision 077): the push service's endpoint the browser
 * chose and the keys the message is encrypted to (RFC 8291). One row per endpoint: a browser that subscribes
 * again (another member on the same device) takes the row over. Deleted when the member switches off, when the
 * push service answers 404 or 410, and with the account.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text().notNull().unique(),
    /** The browser's P-256 public key, base64url (65 bytes uncompressed). */
    p256dh: text().notNull(),
    /** The 16-byte authentication secret, base64url. */
    auth: text().notNull(),
    userAgent: text().notNull().default(''),
    createdAt: at().notNull(),
    lastSuccessAt: at(),
    /** Failed sends in a row (network, 429, 5xx); reset by a success. */
    failures: integer().notNull().default(0),
  },
  (t) => [index('push_subscriptions_user').on(t.userId)],
);

/**
 * The installation's VAPID key pair (RFC 8292), generated once on first use when VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY are not set: every browser's subscription is bound to the public key, so it must never
 * change by itself. One row (id 1); the private key is never logged nor shown.
 */
export const pushVapidKeys = pgTable(
  'push_vapid_keys',
  {
    id: integer().primaryKey().default(1),
    publicKey: text().notNull(),
    privateKey: text().notNull(),
    createdAt: at().notNull(),
  },
  (t) => [check('push_vapid_keys_single_row', sql`${t.id} = 1`)],
);
