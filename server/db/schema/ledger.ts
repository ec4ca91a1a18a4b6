import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { postingKinds } from '../posting-kinds';
import { users } from './auth';

const at = () => timestamp({ withTimezone: true });
const kopecks = () => bigint({ mode: 'number' });

/**
 * An account of the double-entry ledger (docs/decisions/007-cabinet-ledger-and-cards.md). A customer has two,
 * 'bonus' and 'money' (certificates, gift value), shared by all their cards; system accounts (no user) are
 * the other side of every movement and may go negative ('bonus_issued' is minus all bonuses ever given).
 * A gift card's value sits in an account of kind 'gift_card' without a user (docs/decisions/017): it may not
 * go negative either.
 * `balance` is a cache of the sum of the account's entries, updated in the statement that posts them, kept
 * by the accounts that must never go negative (customers', gift cards'): the CHECK below needs it. System
 * accounts keep none (null): every payment posts to them, and a cached row would serialise the payments
 * (docs/decisions/021); their balance is the sum of their entries.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().references(() => users.id),
    kind: text().notNull(),
    /** Null exactly for system accounts (see above); new customer and gift-card accounts start at 0. */
    balance: kopecks().default(0),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [
    unique('ledger_accounts_user_kind').on(t.userId, t.kind),
    // The last line of defence: whatever the code does, a customer (or a gift card) never owes the programme.
    check(
      'ledger_accounts_customer_not_negative',
      sql`(${t.userId} is null and ${t.kind} <> 'gift_card') or ${t.balance} >= 0`,
    ),
    // 'bonus_pending': earned bonuses in the brand's return window, not yet spendable (decision 030).
    check(
      'ledger_accounts_customer_kind',
      sql`${t.userId} is null or ${t.kind} in ('bonus', 'money', 'bonus_pending')`,
    ),
    // Exactly the accounts that may not go negative cache a balance, so the CHECK above always has one to see.
    check(
      'ledger_accounts_cached_balance',
      sql`(${t.userId} is null and ${t.kind} <> 'gift_card') = (${t.balance} is null)`,
    ),
  ],
);

/** One business event that moves value; the idempotency key makes a retried request have one effect. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid().primaryKey().defaultRandom(),
    idempotencyKey: text().notNull().unique(),
    kind: text().notNull(),
    createdAt: at().notNull().defaultNow(),
    /**
     * The debit whose bonus lots this posting gives back (a released hold, a refund: decision 030): the lots
     * trigger restores what that debit took from each lot, with the lots' own expiry, instead of a fresh lot.
     */
    restoresId: uuid().references((): AnyPgColumn => ledgerTransactions.id),
  },
  (t) => [
    // Reports read a range of days (decision 031).
    index('ledger_transactions_created_at').on(t.createdAt),
    // The kinds of server/db/posting-kinds.ts, and only those (decision 056).
    check(
      'ledger_transactions_kind',
      sql`${t.kind} in (${sql.raw(postingKinds.map((k) => `'${k}'`).join(', '))})`,
    ),
  ],
);

/** Append-only: a posted entry is never changed or deleted (a trigger refuses it); corrections are new entries. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    transactionId: uuid()
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: uuid()
      .notNull()
      .references(() => ledgerAccounts.id),
    /** Signed kopecks: positive increases the account. */
    amount: kopecks().notNull(),
  },
  (t) => [
    index('ledger_entries_transaction_id').on(t.transactionId),
    index('ledger_entries_account_id').on(t.accountId),
    check('ledger_entries_amount_not_zero', sql`${t.amount} <> 0`),
  ],
);
