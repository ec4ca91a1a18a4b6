import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import type { SegmentDefinition } from '#common/contract/segment-definition';

const at = () => timestamp({ withTimezone: true });

/**
 * A saved segment of members (decision 075): its name and its definition (conditions with and/or), checked by
 * `segmentDefinitionSchema` before every write. One deployment is one brand, so the brand is the deployment's.
 * The members are never stored: a segment is evaluated when counted, exported or sent to.
 */
export const segments = pgTable(
  'segments',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    definition: jsonb().$type<SegmentDefinition>().notNull(),
    /** The staff member's e-mail, or 'system' for the operator's token (as the audit log names them). */
    createdBy: text().notNull(),
    createdAt: at().notNull(),
    updatedBy: text().notNull(),
    updatedAt: at().notNull(),
  },
  (t) => [
    // Two segments called the same would be sent to by mistake: names are unique whatever the case.
    uniqueIndex('segments_name').on(sql`lower(${t.name})`),
    index('segments_updated').on(t.updatedAt),
  ],
);

/**
 * Each member's purchases rolled up for the segment conditions (decision 082), kept by statement triggers on
 * `operations` (hand-added to its migration) in the same transaction as the operation, so every writer keeps it
 * right. Purchases are decision 075's: PROCESSED PAYMENT and CASHBACK, RETURN subtracted from the spend.
 * `cumPurchases[i]` and `cumSpend[i]` are the totals through the UTC month `firstMonth + i - 1` (months counted
 * as year * 12 + month - 1): a run of months is two lookups, so a period costs one row per member, not one per
 * purchase; the months after the last element hold its value.
 */
export const memberPurchaseStats = pgTable('member_purchase_stats', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id),
  /** The latest PROCESSED PAYMENT or CASHBACK; null when none is left (all refunded). */
  lastPurchaseAt: at(),
  firstMonth: integer().notNull(),
  cumPurchases: integer().array().notNull(),
  cumSpend: bigint({ mode: 'number' }).array().notNull(),
});
