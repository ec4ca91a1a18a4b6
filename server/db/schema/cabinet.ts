import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { ledgerTransactions } from './ledger';
import { earnRulesColumn } from './programme';

const at = () => timestamp({ withTimezone: true });
const kopecks = () => bigint({ mode: 'number' });

/** A loyalty card: 16 digits, and the secret the cabinet derives the member code (TOTP) from. */
export const cards = pgTable(
  'cards',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    cardNum: text().notNull().unique(),
    /** Base32 of 20 random bytes; sent only to the card's owner. */
    qrSecret: text().notNull(),
    locked: boolean().notNull().default(false),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [
    index('cards_user_id').on(t.userId),
    check('cards_card_num_16_digits', sql`${t.cardNum} ~ '^[0-9]{16}$'`),
  ],
);

/**
 * The customer's history as the cabinet shows it (spec "Operation"). Value moves only through the ledger;
 * `transactionId` points at the posting, when there was one.
 */
export const operations = pgTable(
  'operations',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    place: text().notNull(),
    occurredAt: at().notNull(),
    amountEarn: kopecks().notNull().default(0),
    /** The earn rules that applied to `amountEarn` (decision 027); empty for what no rule earned. */
    earnRules: earnRulesColumn(),
    amountSpend: kopecks().notNull().default(0),
    /** What a payment took from the money-like balance (certificates, gift value): decision 023. */
    amountSpendExtra: kopecks().notNull().default(0),
    amount: kopecks().notNull().default(0),
    state: text().$type<'NEW' | 'READY' | 'PROCESSED' | 'CANCEL'>().notNull(),
    /** RETURN: goods returned at a till (decision 063): `amountEarn` the bonuses given back, `amountSpend` those taken back. */
    type: text().$type<'PAYMENT' | 'CASHBACK' | 'DEPOSIT' | 'RETURN'>().notNull(),
    transactionId: uuid().references(() => ledgerTransactions.id),
  },
  // The page's order exactly (DESC is NULLS FIRST in SQL), with the id, so a page is read from the index in order
  // and the ids of a deep page come from the index alone (server/features/cabinet/operations.ts).
  (t) => [
    index('operations_user_history').on(t.userId, t.occurredAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Reports' active members over a range of days, from the index alone (decision 031).
    index('operations_occurred_user').on(t.occurredAt, t.userId),
    // Segments' purchase conditions (decision 075): a period's purchases per member from the index alone.
    index('operations_purchases')
      .on(t.occurredAt, t.userId, t.type, t.amount)
      .where(sql`${t.state} = 'PROCESSED' and ${t.type} in ('PAYMENT', 'CASHBACK', 'RETURN')`),
  ],
);

/**
 * How many operations each customer has: the page's `total` without counting a long history on every read.
 * Kept by statement triggers on `operations` (hand-added to migration 0009), so every writer keeps it right.
 */
export const operationTotals = pgTable('operation_totals', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id),
  total: integer().notNull().default(0),
});

/**
 * A certificate issued to a phone (the customer may not exist yet). Activation credits the nominal to the
 * customer's 'money' account once: the conditional update on `activated_at` and the ledger's idempotency key
 * both guard it.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid().primaryKey().defaultRandom(),
    phone: text().notNull(),
    title: text().notNull(),
    nominal: kopecks().notNull(),
    /** The last valid day, or null for no end. */
    validTo: date({ mode: 'string' }),
    createdAt: at().notNull().defaultNow(),
    activatedAt: at(),
    activationTransactionId: uuid().references(() => ledgerTransactions.id),
  },
  (t) => [
    index('certificates_phone').on(t.phone),
    check('certificates_nominal_positive', sql`${t.nominal} > 0`),
  ],
);
