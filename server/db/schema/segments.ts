import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
