import { sql } from 'drizzle-orm';
import { bigint, check, customType, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { BrandSettings } from '../../../common/contract/header';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** The brand's global settings: one row (id 1), validated by the contract's schema before every write. */
export const brandSettings = pgTable(
  'brand_settings',
  {
    id: integer().primaryKey().default(1),
    settings: jsonb().$type<BrandSettings>().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('brand_settings_single_row', sql`${t.id} = 1`)],
);

/** Brand pictures (logo, favicon, icons, news and gift-card images) served at /api/proxy/pictures/{name}. */
export const pictures = pgTable('pictures', {
  name: text().primaryKey(),
  contentType: text().notNull(),
  data: bytea().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * One counter bumped in the same transaction as any change of settings or content. Every instance polls it
 * and drops its in-memory copies when it moves, so an operator's change shows without a restart.
 */
export const contentRevision = pgTable(
  'content_revision',
  {
    id: integer().primaryKey().default(1),
    revision: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [check('content_revision_single_row', sql`${t.id} = 1`)],
);
