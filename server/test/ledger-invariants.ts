import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../db/client';
import { SYSTEM_ACCOUNTS } from '../db/system-accounts';

/**
 * The money invariants of docs/design/security.md, checked against the whole database: each ledger transaction
 * sums to zero, every cached balance equals the sum of its entries (customers' and gift cards' accounts cache
 * one; system accounts cache none, and their balance, the sum of their entries, is what the holds and
 * redemptions below are checked against), no customer (or gift-card) balance is negative, the bonuses and
 * the money-like balance on hold are exactly what open payment drafts hold (and the money-like balance spent
 * what completed ones spent), and no hold is open past its expiry (`now`: the test's clock). Call it at the
 * end of every test that can move value.
 */
export async function assertLedgerInvariants(db: Db, options: { now?: Date } = {}): Promise<void> {
  const unbalanced = await db.execute<{ transaction_id: string; total: string }>(sql`
    select transaction_id, sum(amount)::text as total from ledger_entries
    group by transaction_id having sum(amount) <> 0`);
  expect(rowsOf(unbalanced), 'ledger transactions that do not sum to zero').toEqual([]);

  const empty = await db.execute<{ id: string }>(sql`
    select t.id from ledger_transactions t
    where not exists (select 1 from ledger_entries e where e.transaction_id = t.id)`);
  expect(rowsOf(empty), 'ledger transactions without entries').toEqual([]);

  const drifted = await db.execute<{ id: string; balance: string; total: string }>(sql`
    select a.id, a.balance::text as balance, coalesce(sum(e.amount), 0)::text as total
    from ledger_accounts a left join ledger_entries e on e.account_id = a.id
    where a.balance is not null
    group by a.id, a.balance having a.balance <> coalesce(sum(e.amount), 0)`);
  expect(rowsOf(drifted), 'cached balances that differ from their entries').toEqual([]);

  // The accounts that must never go negative are exactly the ones caching a balance (the CHECK sees it).
  const uncached = await db.execute<{ id: string }>(sql`
    select id from ledger_accounts where balance is null and (user_id is not null or kind = 'gift_card')`);
  expect(rowsOf(uncached), 'customer or gift-card accounts without a cached balance').toEqual([]);

  const negative = await db.execute<{ id: string }>(sql`
    select id from ledger_accounts where (user_id is not null or kind = 'gift_card') and balance < 0`);
  expect(rowsOf(negative), 'negative customer or gift-card balances').toEqual([]);

  const held = await db.execute<{ held: string; open: string }>(sql`
    select
      (select coalesce(sum(amount), 0) from ledger_entries where account_id = ${SYSTEM_ACCOUNTS.bonus_held})::text
        as held,
      coalesce((select sum(spend) from payment_drafts where state in ('processing', 'paid')), 0)::text as open`);
  const [holds] = rowsOf<{ held: string; open: string }>(held);
  expect(holds?.held, 'bonuses on hold differ from what open payment drafts hold').toBe(holds?.open);

  const moneyHeld = await db.execute<{ held: string; open: string }>(sql`
    select
      (select coalesce(sum(amount), 0) from ledger_entries where account_id = ${SYSTEM_ACCOUNTS.money_held})::text as held,
      coalesce((select sum(extra_spend) from payment_drafts where state in ('processing', 'paid')), 0)::text
        as open`);
  const [moneyHolds] = rowsOf<{ held: string; open: string }>(moneyHeld);
  expect(moneyHolds?.held, 'money-like balance on hold differs from what open payment drafts hold').toBe(
    moneyHolds?.open,
  );

  const moneySpent = await db.execute<{ posted: string; spent: string }>(sql`
    select
      (select coalesce(sum(amount), 0) from ledger_entries where account_id = ${SYSTEM_ACCOUNTS.money_spent})::text as posted,
      coalesce((select sum(extra_spend) from payment_drafts where state = 'completed'), 0)::text as spent`);
  const [moneySpends] = rowsOf<{ posted: string; spent: string }>(moneySpent);
  expect(moneySpends?.posted, 'money-like balance spent differs from what completed drafts spent').toBe(
    moneySpends?.spent,
  );

  const tillHeld = await db.execute<{ held: string; open: string }>(sql`
    select
      (select coalesce(sum(amount), 0) from ledger_entries where account_id = ${SYSTEM_ACCOUNTS.till_held})::text
        as held,
      coalesce((select sum(spend) from till_operations where state = 'held'), 0)::text as open`);
  const [tillHolds] = rowsOf<{ held: string; open: string }>(tillHeld);
  expect(tillHolds?.held, 'bonuses on hold differ from what held till spends hold').toBe(tillHolds?.open);

  // A saved card's till payment earns on the money the card paid, never on the bonuses it spent.
  const cardEarn = await db.execute<{ id: string }>(sql`
    select id from till_operations
    where kind = 'card' and jsonb_array_length(earn_rules) <= 1
      and earn <> floor(card_amount * greatest(earn_percent, 0) / 100)`);
  expect(rowsOf(cardEarn), 'card payments at the till whose earn is not on the money paid').toEqual([]);

  const redeemed = await db.execute<{ posted: string; open: string }>(sql`
    select
      (select coalesce(sum(amount), 0) from ledger_entries where account_id = ${SYSTEM_ACCOUNTS.gift_cards_redeemed})::text
        as posted,
      coalesce((select sum(amount) from gift_card_redemptions where refunded_at is null), 0)::text as open`);
  const [redemptions] = rowsOf<{ posted: string; open: string }>(redeemed);
  expect(redemptions?.posted, 'gift-card value spent differs from the redemptions not refunded').toBe(
    redemptions?.open,
  );

  // Bonus lots (decision 027) add up to each customer's bonus balance, whatever postings took from them.
  const lotsDrift = await db.execute<{ user_id: string }>(sql`
    select a.user_id from ledger_accounts a
    left join (select user_id, sum(remaining) as total from bonus_lots group by user_id) l on l.user_id = a.user_id
    where a.user_id is not null and a.kind = 'bonus' and a.balance <> coalesce(l.total, 0)`);
  expect(rowsOf(lotsDrift), 'bonus lots that do not add up to the bonus balance').toEqual([]);

  // Pending bonuses (decision 030): each customer's `bonus_pending` balance is what their pending rows hold.
  const pendingDrift = await db.execute<{ user_id: string }>(sql`
    select a.user_id from ledger_accounts a
    left join (select user_id, sum(amount) as total from pending_bonuses where state = 'pending' group by user_id) p
      on p.user_id = a.user_id
    where a.user_id is not null and a.kind = 'bonus_pending' and a.balance <> coalesce(p.total, 0)`);
  expect(rowsOf(pendingDrift), 'pending bonuses that do not add up to the pending balance').toEqual([]);

  const now = (options.now ?? new Date()).toISOString();
  const tillOverdue = await db.execute<{ id: string }>(sql`
    select id from till_operations where state = 'held' and hold_expires_at < ${now}::timestamptz`);
  expect(rowsOf(tillOverdue), 'till holds open past their expiry').toEqual([]);

  const overdue = await db.execute<{ id: string }>(sql`
    select id from payment_drafts
    where state in ('processing', 'paid') and (spend > 0 or extra_spend > 0)
      and hold_expires_at < ${now}::timestamptz`);
  expect(rowsOf(overdue), 'payment holds open past their expiry').toEqual([]);
}

/** PGlite answers `{rows}`, node-postgres a result with `rows` too; drizzle types them differently. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
