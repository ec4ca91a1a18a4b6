import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/ledger';
import { AppError } from '../../errors';

/** A customer's accounts; every card of the customer opens the same two. */
export type CustomerAccountKind = 'bonus' | 'money';

/**
 * The programme's side of every movement, created with these fixed ids when the database opens
 * (`ensureSystemAccounts`). They keep no cached balance (`balance` is null): nearly every posting touches one
 * of them, and a cached row there is one row every payment updates and keeps locked until it commits, so
 * payments queued behind each other (decision 021). Their balance is the sum of their entries
 * (`systemBalance`); nothing on a request path needs it.
 */
export const SYSTEM_ACCOUNTS = {
  /** Minus every bonus ever credited to customers. */
  bonus_issued: '00000000-0000-4000-8000-000000000001',
  /** Plus every bonus customers spent at the till. */
  bonus_spent: '00000000-0000-4000-8000-000000000002',
  /** Minus the nominal of every activated certificate. */
  certificates_issued: '00000000-0000-4000-8000-000000000003',
  /**
   * Bonuses on hold for payments in progress (docs/decisions/009): plus what processing drafts hold. A hold
   * is posted to 'bonus_spent' when its payment completes, or back to the customer when it fails or expires.
   */
  bonus_held: '00000000-0000-4000-8000-000000000004',
  /**
   * Bonuses a till holds for a spend not yet confirmed (docs/decisions/015): posted to 'bonus_spent' on
   * confirmation, or back to the customer on cancel or expiry. Kept apart from 'bonus_held' so each hold's
   * balance can be checked against its own table.
   */
  till_held: '00000000-0000-4000-8000-000000000005',
  /** Minus the value of every gift card issued (docs/decisions/017); each card's account holds its plus. */
  gift_cards_issued: '00000000-0000-4000-8000-000000000171',
  /** Plus the gift-card value spent at the tills (docs/decisions/018), taken from each card's account. */
  gift_cards_redeemed: '00000000-0000-4000-8000-000000000172',
  /**
   * The money-like balance (certificates, gift value) on hold for payments in progress (docs/decisions/023),
   * kept apart from 'bonus_held' so each hold is checked against its own column of the drafts.
   */
  money_held: '00000000-0000-4000-8000-000000000231',
  /** Plus the money-like balance customers spent in shop payments (docs/decisions/023). */
  money_spent: '00000000-0000-4000-8000-000000000232',
} as const;
export type SystemAccountKind = keyof typeof SYSTEM_ACCOUNTS;

export interface LedgerEntryInput {
  accountId: string;
  /** Signed kopecks, never zero. */
  amount: number;
}

export interface PostTransactionInput {
  /** One business event, one key: a retry with the same key returns the first result and changes nothing. */
  idempotencyKey: string;
  kind: string;
  entries: LedgerEntryInput[];
}

export interface PostedTransaction {
  transactionId: string;
  /** False when the key had been posted before and this call changed nothing. */
  created: boolean;
}

export class InsufficientFundsError extends AppError {
  constructor() {
    super('CONFLICT', 'Недостаточно средств на счёте');
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
        insert into ledger_transactions (idempotency_key, kind) values (${input.idempotencyKey}, ${input.kind})
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

/**
 * Creates every system account that does not exist yet, with no cached balance. `openDatabase` runs it after
 * the migrations, so an account added to SYSTEM_ACCOUNTS exists before any posting names it.
 */
export async function ensureSystemAccounts(db: Db): Promise<void> {
  await db
    .insert(ledgerAccounts)
    .values(Object.entries(SYSTEM_ACCOUNTS).map(([kind, id]) => ({ id, kind, balance: null })))
    .onConflictDoNothing({ target: ledgerAccounts.id });
}

/**
 * A system account's id. The accounts exist from the start (`ensureSystemAccounts`), so this asks the
 * database nothing; it keeps its transaction argument so callers need not change.
 */
export async function systemAccount(_tx: Db, kind: SystemAccountKind): Promise<string> {
  return SYSTEM_ACCOUNTS[kind];
}

/** The two entries that credit a customer `earn` kopecks of bonuses from `bonus_issued` (none for 0). */
export async function earnEntries(tx: Db, userId: string, earn: number): Promise<LedgerEntryInput[]> {
  if (earn <= 0) return [];
  const accounts = await customerAccounts(tx, userId);
  return [
    { accountId: SYSTEM_ACCOUNTS.bonus_issued, amount: -earn },
    { accountId: accounts.bonus, amount: earn },
  ];
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
