import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/ledger';
import { AppError } from '../../errors';

/** A customer's accounts; every card of the customer opens the same two. */
export type CustomerAccountKind = 'bonus' | 'money';

/**
 * The programme's side of every movement. Fixed ids make "create once" a primary-key conflict (a unique
 * constraint over a null user id would not catch duplicates).
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

/**
 * Posts one transaction inside the caller's database transaction `tx`: the entries, and each account's cached
 * balance by a conditional update that refuses to take a customer account below zero (the table's CHECK is
 * the backstop). A retried key waits for the first posting (the unique index) and returns it unchanged.
 */
export async function postTransaction(tx: Db, input: PostTransactionInput): Promise<PostedTransaction> {
  checkEntries(input.entries);
  const [inserted] = await tx
    .insert(ledgerTransactions)
    .values({ idempotencyKey: input.idempotencyKey, kind: input.kind })
    .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
    .returning({ id: ledgerTransactions.id });
  if (!inserted) {
    const [existing] = await tx
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, input.idempotencyKey));
    if (!existing) throw new Error('ledger transaction vanished after a key conflict');
    return { transactionId: existing.id, created: false };
  }
  await tx
    .insert(ledgerEntries)
    .values(
      input.entries.map((e) => ({ transactionId: inserted.id, accountId: e.accountId, amount: e.amount })),
    );
  // One order for every posting, so two transactions touching the same accounts never deadlock.
  const byAccount = [...input.entries].sort((a, b) => (a.accountId < b.accountId ? -1 : 1));
  for (const entry of byAccount) {
    const updated = await tx
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + ${entry.amount}` })
      .where(
        and(
          eq(ledgerAccounts.id, entry.accountId),
          or(
            and(isNull(ledgerAccounts.userId), ne(ledgerAccounts.kind, GIFT_CARD_ACCOUNT_KIND)),
            sql`${ledgerAccounts.balance} + ${entry.amount} >= 0`,
          ),
        ),
      )
      .returning({ id: ledgerAccounts.id });
    if (updated.length === 0) {
      const [account] = await tx
        .select({ id: ledgerAccounts.id })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.id, entry.accountId));
      if (!account) throw new Error('ledger account does not exist');
      throw new InsufficientFundsError();
    }
  }
  return { transactionId: inserted.id, created: true };
}

/** The customer's 'bonus' and 'money' account ids, created on first use (safe under concurrent calls). */
export async function customerAccounts(tx: Db, userId: string): Promise<Record<CustomerAccountKind, string>> {
  await tx
    .insert(ledgerAccounts)
    .values([
      { userId, kind: 'bonus' },
      { userId, kind: 'money' },
    ])
    .onConflictDoNothing({ target: [ledgerAccounts.userId, ledgerAccounts.kind] });
  const rows = await tx
    .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), inArray(ledgerAccounts.kind, ['bonus', 'money'])));
  const ids = Object.fromEntries(rows.map((r) => [r.kind, r.id]));
  if (!ids.bonus || !ids.money) throw new Error('customer accounts missing after creation');
  return { bonus: ids.bonus, money: ids.money };
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

/** A system account's id, created on first use. */
export async function systemAccount(tx: Db, kind: SystemAccountKind): Promise<string> {
  const id = SYSTEM_ACCOUNTS[kind];
  await tx.insert(ledgerAccounts).values({ id, kind }).onConflictDoNothing({ target: ledgerAccounts.id });
  return id;
}

/** The customer's balances in kopecks (0 for accounts not created yet). */
export async function balancesOf(db: Db, userId: string): Promise<Record<CustomerAccountKind, number>> {
  const rows = await db
    .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId));
  const balances = { bonus: 0, money: 0 };
  for (const row of rows) if (row.kind === 'bonus' || row.kind === 'money') balances[row.kind] = row.balance;
  return balances;
}
