import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../db/in-transaction';
import { POSTING_KINDS, postingKey, postingKinds, type PostingKind } from '../db/posting-kinds';
import { SYSTEM_ACCOUNTS } from '../db/system-accounts';
import { createTestApp, type TestApp } from '../test/test-app';
import { postTransaction, transfer } from './ledger';
import { kopecks } from './money';

describe('the posting kinds (server/db/posting-kinds.ts)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("are exactly the kinds the database's CHECK on ledger_transactions accepts", async () => {
    const result = await t.deps.db.execute(sql`
      select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'ledger_transactions_kind'`);
    const [row] = (result as unknown as { rows: Array<{ def: string }> }).rows;
    expect(row, 'the CHECK is missing: generate the migration').toBeDefined();
    const inCheck = [...row!.def.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
    expect(new Set(inCheck)).toEqual(new Set(postingKinds));
  });

  it('refuse a posting of any other kind, and write nothing', async () => {
    const post = (kind: string) =>
      inTransaction(t.deps.db, (tx) =>
        postTransaction(tx, {
          idempotencyKey: `unknown-kind:${kind}`,
          kind: kind as PostingKind,
          entries: transfer(SYSTEM_ACCOUNTS.bonus_issued, SYSTEM_ACCOUNTS.bonus_adjusted, kopecks(100)),
        }),
      );
    await expect(post('bonus_gift')).rejects.toThrow();
    const [left] = (
      (await t.deps.db.execute(
        sql`select count(*)::int as n from ledger_transactions where idempotency_key like 'unknown-kind:%'`,
      )) as unknown as { rows: Array<{ n: number }> }
    ).rows;
    expect(left?.n).toBe(0);
    // A listed kind passes the same way.
    expect((await post('manual_adjustment')).created).toBe(true);
  });

  it('give every kind a key prefix of its own', () => {
    const prefixes = Object.values(POSTING_KINDS);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    expect(postingKey('till_hold', 'abc')).toBe('till-hold:abc');
    expect(postingKey('bonus_expiry', 'lot', 2)).toBe('bonus-expiry:lot:2');
  });
});

describe('transfer', () => {
  it('answers the two legs: the first account loses what the second gains', () => {
    expect(transfer('a', 'b', kopecks(250))).toEqual([
      { accountId: 'a', amount: -250 },
      { accountId: 'b', amount: 250 },
    ]);
  });

  it('takes only whole kopecks', () => {
    expect(() => kopecks(1.5)).toThrow('whole number of kopecks');
    expect(() => kopecks(Number.NaN)).toThrow('whole number of kopecks');
  });
});
