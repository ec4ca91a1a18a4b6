import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

const at = () => timestamp({ withTimezone: true });

/**
 * A customer's attempt to save a bank card (docs/decisions/016-saved-bank-cards.md). The gateway holds the
 * cards themselves; this row ties its verification order to the customer, so only they can ask how it ended.
 * The id is the page's `requestId`: a retried call finds the same row and answers the same hosted page.
 */
export const bindingRequests = pgTable(
  'binding_requests',
  {
    id: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    acquirer: text().notNull(),
    orderId: text(),
    formUrl: text(),
    createdAt: at().notNull(),
  },
  (t) => [index('binding_requests_user_id').on(t.userId)],
);

/** The sandbox acquirer's saved cards (the real gateway keeps its own). Only the last 4 digits are stored. */
export const sandboxBindings = pgTable(
  'sandbox_bindings',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: text().notNull(),
    panLast4: text().notNull(),
    expiry: text(),
    createdAt: at().notNull(),
    removedAt: at(),
  },
  (t) => [
    index('sandbox_bindings_client_id').on(t.clientId),
    check('sandbox_bindings_last4', sql`${t.panLast4} ~ '^[0-9]{4}$'`),
  ],
);
