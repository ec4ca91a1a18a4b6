import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { inTransaction } from '../db/in-transaction';
import { users } from '../db/schema/auth';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../db/schema/ledger';
import { SYSTEM_ACCOUNTS } from '../db/system-accounts';
import { assertLedgerInvariants } from '../test/ledger-invariants';
import { createTestApp, type TestApp } from '../test/test-app';
import {
  balancesOf,
  customerAccounts,
  InsufficientFundsError,
  postTransaction,
  systemBalance,
  transfer,
} from './ledger';
import { kopecks, type Kopecks } from './money';

describe('ledger', () => {
  let t: TestApp;
  let db: Db;
  let userId: string;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.deps.db;
    const [user] = await db.insert(users).values({ phone: '79005550001' }).returning({ id: users.id });
    userId = user!.id;
  });
  afterEach(() => assertLedgerInvariants(db));
  afterAll(() => t.close());

  const credit = (key: string, amount: number) =>
    inTransaction(db, async (tx) => {
      const accounts = await customerAccounts(tx, userId);
      const issued = SYSTEM_ACCOUNTS.bonus_issued;
      return postTransaction(tx, {
        idempotencyKey: key,
        kind: 'test_credit',
        entries: transfer(issued, accounts.bonus, kopecks(amount)),
      });
    });
  const transactionCount = async () => (await db.select().from(ledgerTransactions)).length;

  it('refuses entries that do not sum to zero, fractions and zeros, and writes nothing', async () => {
    const before = await transactionCount();
    const post = (amounts: number[]) =>
      inTransaction(db, async (tx) => {
        const accounts = await customerAccounts(tx, userId);
        const issued = SYSTEM_ACCOUNTS.bonus_issued;
        const ids = [accounts.bonus, issued, accounts.money];
        return postTransaction(tx, {
          idempotencyKey: `bad:${amounts.join(',')}`,
          kind: 'test_credit',
          // Not kopecks on purpose: the ledger's own check must refuse them.
          entries: amounts.map((amount, i) => ({ accountId: ids[i]!, amount: amount as Kopecks })),
        });
      });
    await expect(post([100, -99])).rejects.toThrow('sum to zero');
    await expect(post([100.5, -100.5])).rejects.toThrow('whole kopecks');
    await expect(post([0, 0])).rejects.toThrow('whole kopecks');
    await expect(post([100])).rejects.toThrow('two entries');
    expect(await transactionCount()).toBe(before);
  });

  it('is idempotent on the key: a retry returns the first posting and credits nothing more', async () => {
    const first = await credit('welcome:1', 30_000);
    const retry = await credit('welcome:1', 30_000);
    const parallel = await Promise.all([1, 2, 3].map(() => credit('welcome:1', 30_000)));
    expect(first.created).toBe(true);
    expect(retry).toEqual({ transactionId: first.transactionId, created: false });
    for (const p of parallel) expect(p.transactionId).toBe(first.transactionId);
    expect(await balancesOf(db, userId)).toEqual({ bonus: 30_000, money: 0 });
  });

  it('refuses to take a customer account below zero, and the database refuses it too', async () => {
    const before = await balancesOf(db, userId);
    await expect(credit('overspend', -(before.bonus + 1))).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await balancesOf(db, userId)).toEqual(before);
    const [{ count } = { count: 0 }] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, 'overspend'));
    expect(count).toBe(0);
    // Even a write that bypasses the service meets the CHECK constraint.
    await expect(
      db.execute(sql`update ledger_accounts set balance = -1 where user_id = ${userId} and kind = 'bonus'`),
    ).rejects.toThrow();
    expect(await balancesOf(db, userId)).toEqual(before);
  });

  it('refuses an overspend posted outside any transaction as a whole: no transaction row, no entries', async () => {
    const before = await balancesOf(db, userId);
    const accounts = await inTransaction(db, (tx) => customerAccounts(tx, userId));
    const posting = postTransaction(db, {
      idempotencyKey: 'overspend-bare',
      kind: 'test_credit',
      entries: transfer(accounts.bonus, SYSTEM_ACCOUNTS.bonus_spent, kopecks(before.bonus + 1)),
    });
    await expect(posting).rejects.toBeInstanceOf(InsufficientFundsError);
    const rows = await db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, 'overspend-bare'));
    expect(rows).toEqual([]);
    expect(await balancesOf(db, userId)).toEqual(before);
  });

  it('keeps no cached balance on system accounts: their balance is the sum of their entries', async () => {
    const issuedBefore = await systemBalance(db, 'bonus_issued');
    await credit('system-balance', 2_500);
    expect(await systemBalance(db, 'bonus_issued')).toBe(issuedBefore - 2_500);
    const [row] = await db
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.id, SYSTEM_ACCOUNTS.bonus_issued));
    expect(row).toEqual({ balance: null });
    // The database keeps it so: a cache on a system account, or none on a customer's, is refused.
    await expect(
      db
        .update(ledgerAccounts)
        .set({ balance: 0 })
        .where(eq(ledgerAccounts.id, SYSTEM_ACCOUNTS.bonus_issued)),
    ).rejects.toThrow();
    await expect(
      db.update(ledgerAccounts).set({ balance: null }).where(eq(ledgerAccounts.userId, userId)),
    ).rejects.toThrow();
  });

  it('keeps posted entries append-only', async () => {
    await credit('append-only', 100);
    await expect(db.update(ledgerEntries).set({ amount: 1 })).rejects.toThrow();
    await expect(db.delete(ledgerEntries)).rejects.toThrow();
  });

  it('creates a customer’s two accounts once, however many callers ask', async () => {
    const [other] = await db.insert(users).values({ phone: '79005550002' }).returning({ id: users.id });
    const all = await Promise.all(
      [1, 2, 3, 4].map(() => inTransaction(db, (tx) => customerAccounts(tx, other!.id))),
    );
    for (const accounts of all) expect(accounts).toEqual(all[0]);
    expect(await balancesOf(db, other!.id)).toEqual({ bonus: 0, money: 0 });
  });
});
