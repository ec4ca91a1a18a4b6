import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { BrandSettings } from '#common/contract/header';

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
 * The smaller copies a page's `srcset` asks for (decision 045), encoded once and kept for every process: keyed by
 * the source's ETag, so a replaced picture's copies are never served; they go with the picture (cascade).
 */
export const pictureVariants = pgTable(
  'picture_variants',
  {
    name: text()
      .notNull()
      .references(() => pictures.name, { onDelete: 'cascade' }),
    sourceEtag: text().notNull(),
    width: integer().notNull(),
    format: text().notNull(),
    contentType: text().notNull(),
    data: bytea().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.name, t.sourceEtag, t.width, t.format] })],
);

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
