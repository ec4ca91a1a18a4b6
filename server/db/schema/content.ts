import {
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** Retail points (spec section 3 "Point"); the address is flattened into columns so it can be queried. */
export const retailPoints = pgTable('retail_points', {
  id: integer().primaryKey(),
  title: text().notNull(),
  phone: text().notNull().default(''),
  // The spec allows a number or a string; numeric keeps the operator's value exactly.
  rating: numeric({ precision: 3, scale: 2 }).notNull().default('0'),
  /** The point's own earn rate, percent; null: it follows the chain's `baseEarnPercent` (decision 055). */
  currentBonus: integer(),
  firmId: integer().notNull(),
  categoryName: text().notNull(),
  city: text().notNull(),
  street: text().notNull(),
  house: text().notNull(),
  // Points without coordinates are listed but not placed on the map.
  latitude: doublePrecision(),
  longitude: doublePrecision(),
  workingHours: text().notNull().default(''),
  sort: integer().notNull().default(0),
});

/** Promotions ("actions"), each valid at some retail points. */
export const actions = pgTable('actions', {
  id: integer().primaryKey(),
  title: text().notNull(),
  description: text().notNull(),
  pointIds: integer().array().notNull().default([]),
  validFrom: date({ mode: 'string' }),
  validTo: date({ mode: 'string' }),
  sort: integer().notNull().default(0),
});

export const news = pgTable(
  'news',
  {
    id: integer().primaryKey(),
    title: text().notNull(),
    date: timestamp({ withTimezone: true }).notNull(),
    preview: text().notNull(),
    text: text().notNull(),
    /** Picture names in the pictures table; the API turns them into URLs. */
    images: text().array().notNull().default([]),
    pointIds: integer().array().notNull().default([]),
  },
  (t) => [index('news_date_idx').on(t.date)],
);

export const faq = pgTable('faq', {
  id: integer().primaryKey(),
  question: text().notNull(),
  answer: text().notNull(),
  sort: integer().notNull().default(0),
});

/**
 * Single-row content documents (rules, contacts, join, countdown, custom), keyed by name. Each is validated by
 * its contract schema before it is written, so jsonb is a storage detail, not a schema-less hole.
 */
export const contentDocuments = pgTable('content_documents', {
  name: text().primaryKey(),
  document: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Messages from the contacts page's feedback form; the sender's IP bounds how often one visitor can post. */
export const feedback = pgTable(
  'feedback',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    phone: text().notNull().default(''),
    email: text().notNull().default(''),
    message: text().notNull(),
    ip: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_ip_created_idx').on(t.ip, t.createdAt)],
);
