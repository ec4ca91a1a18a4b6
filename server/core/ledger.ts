import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../db/schema/ledger';
import { AppError } from '../errors';
import { SYSTEM_ACCOUNTS, type SystemAccountKind } from '../db/system-accounts';
import type { PostingKind } from '../db/posting-kinds';
import { kopecks, type Kopecks } from './money';

/** A customer's accounts; every card of the customer opens the same two. */
export type CustomerAccountKind = 'bonus' | 'money';

export interface LedgerEntryInput {
  accountId: string;
  /** Signed kopecks, never zero. */
  amount: Kopecks;
}

/** The two legs that move `amount` kopecks (more than 0) from one account to another: `from` loses, `to` gains. */
export function transfer(from: string, to: string, amount: Kopecks): [LedgerEntryInput, LedgerEntryInput] {
  return [
    { accountId: from, amount: kopecks(-amount) },
    { accountId: to, amount },
  ];
}

export interface PostTransactionInput {
  /** One business event, one key: a retry with the same key returns the first result and changes nothing. */
  idempotencyKey: string;
  /** One of server/db/posting-kinds.ts; the database refuses any other. */
  kind: PostingKind;
  entries: LedgerEntryInput[];
  /**
   * The key of the debit this posting gives back (a released hold, a refund: decision 030); the bonus lots it
   * took are restored with their own expiry instead of a fresh lot.
   */
  restores?: string;
}

export interface PostedTransaction {
  transactionId: string;
  /** False when the key had been posted before and this call changed nothing. */
  created: boolean;
}

export class InsufficientFundsError extends AppError {
  constructor() {
    super('INSUFFICIENT_FUNDS', 'Недостаточно средств на счёте');
  }
}

/** Refuses what cannot be a double-entry posting before anything is written. */
function checkEntries(entries: LedgerEntryInput[]) {
  if (entries.length < 2) throw new Error('a ledger transaction needs at least two entries');
  let sum = 0;
  for (const { amount } of entries) {
    if (!Number.isSafeInteger(amount) || amount === 0)
      throw new Error('ledger amounts are non-zero whole kopecks');
    sum += amount;
  }
  if (sum !== 0) throw new Error('ledger entries must sum to zero');
}

/** The CHECK that keeps customer and gift-card balances from going negative (server/db/schema/ledger.ts). */
const NOT_NEGATIVE = 'ledger_accounts_customer_not_negative';

/** Whether `error` (or what drizzle wrapped) is the database refusing a negative customer or gift-card balance. */
function isNegativeBalance(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23514' && constraint === NOT_NEGATIVE) return true;
  }
  return false;
}

/**
 * Posts one transaction inside the caller's database transaction `tx`, in ONE statement (one round trip): the
 * transaction row, its entries, and the cached balances of the accounts that keep one (customers' and gift
 * cards'; system accounts keep none: see SYSTEM_ACCOUNTS). The database refuses a balance below zero (the
 * table's CHECK), which fails the whole statement, so nothing of a refused posting is written even outside a
 * transaction. Cached rows are locked in id order before they are updated, so two postings touching the same
 * accounts never deadlock. A retried key waits for the first posting (the unique index) and returns it
 * unchanged.
 */
export async function postTransaction(tx: Db, input: PostTransactionInput): Promise<PostedTransaction> {
  checkEntries(input.entries);
  const values = sql.join(
    input.entries.map((e) => sql`(${e.accountId}::uuid, ${e.amount}::bigint)`),
    sql`, `,
  );
  let posted: unknown;
  try {
    posted = await tx.execute(sql`
      with e (account_id, amount) as (values ${values}),
      t as (
        insert into ledger_transactions (idempotency_key, kind, restores_id)
        values (${input.idempotencyKey}, ${input.kind}, ${restoresId(input.restores)})
        on conflict (idempotency_key) do nothing
        returning id
      ),
      entries as (
        insert into ledger_entries (transaction_id, account_id, amount)
        select t.id, e.account_id, e.amount from t cross join e
      ),
      locked as materialized (
        select a.id from ledger_accounts a
        where a.id in (select account_id from e) and a.balance is not null and exists (select 1 from t)
        order by a.id
        for no key update
      ),
      moved as (
        update ledger_accounts a set balance = a.balance + d.amount
        from (select account_id, sum(amount) as amount from e group by account_id) d, locked l
        where a.id = d.account_id and l.id = a.id
      )
      select id from t`);
  } catch (error) {
    if (isNegativeBalance(error)) throw new InsufficientFundsError();
    throw error;
  }
  const inserted = rowsOf<{ id: string }>(posted)[0];
  if (inserted) return { transactionId: inserted.id, created: true };
  const [existing] = await tx
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, input.idempotencyKey));
  if (!existing) throw new Error('ledger transaction vanished after a key conflict');
  return { transactionId: existing.id, created: false };
}

/** The restored debit's id by its key: a subquery in the posting's statement, or a plain null (no extra work). */
const restoresId = (key: string | undefined) =>
  key === undefined
    ? sql`null::uuid`
    : sql`(select id from ledger_transactions where idempotency_key = ${key})`;

/** PGlite answers `{rows}`, node-postgres a result with `rows` too; drizzle types them differently. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * The customer's 'bonus' and 'money' account ids, created on first use (safe under concurrent calls). They
 * exist after a customer's first money call, so that is one read; creating them costs two more statements.
 */
export async function customerAccounts(tx: Db, userId: string): Promise<Record<CustomerAccountKind, string>> {
  const found = await readCustomerAccounts(tx, userId);
  if (found) return found;
  await tx
    .insert(ledgerAccounts)
    .values([
      { userId, kind: 'bonus' },
      { userId, kind: 'money' },
    ])
    .onConflictDoNothing({ target: [ledgerAccounts.userId, ledgerAccounts.kind] });
  const created = await readCustomerAccounts(tx, userId);
  if (!created) throw new Error('customer accounts missing after creation');
  return created;
}

async function readCustomerAccounts(tx: Db, userId: string) {
  const rows = await tx
    .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), inArray(ledgerAccounts.kind, ['bonus', 'money'])));
  const ids = Object.fromEntries(rows.map((r) => [r.kind, r.id]));
  return ids.bonus && ids.money ? { bonus: ids.bonus, money: ids.money } : null;
}

/**
 * The kind of a gift card's own account (docs/decisions/017): no user, and, like a customer's, never
 * negative. One per card, created when the card is issued.
 */
export const GIFT_CARD_ACCOUNT_KIND = 'gift_card';

/** A new, empty account for one gift card's value. */
export async function createGiftCardAccount(tx: Db): Promise<string> {
  const [row] = await tx
    .insert(ledgerAccounts)
    .values({ kind: GIFT_CARD_ACCOUNT_KIND })
    .returning({ id: ledgerAccounts.id });
  if (!row) throw new Error('gift card account not created');
  return row.id;
}

/** The two entries that credit a customer `earn` kopecks of bonuses from `bonus_issued` (none for 0). */
export async function earnEntries(tx: Db, userId: string, earn: Kopecks): Promise<LedgerEntryInput[]> {
  if (earn <= 0) return [];
  const accounts = await customerAccounts(tx, userId);
  return transfer(SYSTEM_ACCOUNTS.bonus_issued, accounts.bonus, earn);
}

/** A system account's balance in kopecks: the sum of its entries (reporting and the invariant checks). */
export async function systemBalance(db: Db, kind: SystemAccountKind): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, SYSTEM_ACCOUNTS[kind]));
  return Number(row?.total ?? 0);
}

/** The customer's balances in kopecks (0 for accounts not created yet). */
export async function balancesOf(db: Db, userId: string): Promise<Record<CustomerAccountKind, number>> {
  const rows = await db
    .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId));
  const balances = { bonus: 0, money: 0 };
  for (const row of rows)
    if (row.kind === 'bonus' || row.kind === 'money') balances[row.kind] = row.balance ?? 0;
  return balances;
}
