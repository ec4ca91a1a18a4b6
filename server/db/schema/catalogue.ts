import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { LegalGroup, VatRate } from '#common/lib/catalogue-vocabulary';

const at = () => timestamp({ withTimezone: true });
const kopecks = () => bigint({ mode: 'number' });
const legalGroupCheck = (column: unknown) =>
  sql`${column} is null or ${column} in ('TOBACCO', 'ALCOHOL', 'INFANT_FORMULA')`;

/**
 * The chain's goods, as its ERP names them (issue 29, decision 060). Categories form a tree by `parentId`; a
 * flag on a category holds for everything under it. Ids and SKUs are the chain's own codes, so a reload
 * updates rows in place. No foreign keys between the three tables: a load may name a parent or a category
 * that a later row brings, and a receipt line with an unknown SKU or category still works.
 */
export const catalogueCategories = pgTable(
  'catalogue_categories',
  {
    id: text().primaryKey(),
    parentId: text(),
    name: text().notNull(),
    /** Nothing under it earns bonuses. */
    noEarn: boolean().notNull().default(false),
    /** Bonuses pay for nothing under it. */
    noSpend: boolean().notNull().default(false),
    legalGroup: text().$type<LegalGroup>(),
    updatedAt: at().notNull(),
  },
  (t) => [
    index('catalogue_categories_parent').on(t.parentId),
    check('catalogue_categories_legal_group', legalGroupCheck(t.legalGroup)),
  ],
);

export const catalogueItems = pgTable(
  'catalogue_items',
  {
    sku: text().primaryKey(),
    name: text().notNull(),
    categoryId: text(),
    vatRate: text().$type<VatRate>().notNull().default('NONE'),
    /** The chain's shelf price when its ERP sends one; the reference till page fills a line's price from it. */
    listPrice: kopecks(),
    noEarn: boolean().notNull().default(false),
    noSpend: boolean().notNull().default(false),
    legalGroup: text().$type<LegalGroup>(),
    updatedAt: at().notNull(),
  },
  (t) => [
    index('catalogue_items_category').on(t.categoryId),
    index('catalogue_items_name').on(sql`lower(${t.name}) text_pattern_ops`),
    check('catalogue_items_legal_group', legalGroupCheck(t.legalGroup)),
    check(
      'catalogue_items_vat_rate',
      sql`${t.vatRate} in ('NONE', 'VAT0', 'VAT5', 'VAT7', 'VAT10', 'VAT20', 'VAT22')`,
    ),
  ],
);

/** One item may have several barcodes (EAN-13, a shop's own weight codes); a barcode names one item. */
export const catalogueBarcodes = pgTable(
  'catalogue_barcodes',
  {
    barcode: text().primaryKey(),
    sku: text().notNull(),
  },
  (t) => [index('catalogue_barcodes_sku').on(t.sku)],
);

/**
 * A receipt's lines as the till or the shop payment sent them, with what the programme made of each: the
 * bonuses it earned and the bonuses spent on it as its discount (issue 29). Keyed by the operation (a till
 * operation's or a payment draft's id) and the line's place in the receipt.
 */
export const receiptLines = pgTable(
  'receipt_lines',
  {
    source: text().$type<'till' | 'payment'>().notNull(),
    operationId: uuid().notNull(),
    /** 1-based, in the order sent. */
    lineNo: integer().notNull(),
    sku: text(),
    barcode: text(),
    name: text().notNull(),
    /** Thousandths of a unit (goods by weight have 3 decimals). */
    quantityMilli: bigint({ mode: 'number' }).notNull(),
    price: kopecks().notNull(),
    /** What the line costs after the discount the shop already gave. */
    sum: kopecks().notNull(),
    discount: kopecks().notNull(),
    /** The category the rules read: the item's, else the one the line named. */
    categoryId: text(),
    legalGroup: text().$type<LegalGroup>(),
    /** The most bonuses the line could take when it was sold (0: goods bonuses never pay for). */
    maxSpend: kopecks().notNull(),
    /** Bonuses spent on the line: its share of the operation's spend. */
    spend: kopecks().notNull(),
    earn: kopecks().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.source, t.operationId, t.lineNo] }),
    // Segments' «bought these categories» (decision 075).
    index('receipt_lines_category').on(t.categoryId, t.source, t.operationId),
    check('receipt_lines_source', sql`${t.source} in ('till', 'payment')`),
    check('receipt_lines_legal_group', legalGroupCheck(t.legalGroup)),
    check(
      'receipt_lines_sums',
      sql`${t.quantityMilli} > 0 and ${t.price} >= 0 and ${t.sum} >= 0 and ${t.discount} >= 0 and ${t.spend} >= 0 and ${t.spend} <= ${t.maxSpend} and ${t.maxSpend} <= ${t.sum} and ${t.earn} >= 0`,
    ),
  ],
);
