import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { SYSTEM_ACCOUNTS } from '../db/system-accounts';

/**
 * The money invariants of docs/design/security.md, checked against the whole database: each ledger transaction
 * sums to zero, every cached balance equals the sum of its entries (customers' and gift cards' accounts cache
 * one; system accounts cache none, and their balance, the sum of their entries, is what the holds and
 * redemptions below are checked against), no customer (or gift-card) balance is negative, the bonuses and the
 * money-like balance on hold are exactly what open payment drafts and till spends hold (and the money-like
 * balance spent what completed drafts spent, less what returns by lines gave back), and no hold is open past its expiry. The API tests check them
 * after every test that can move value (server/test/ledger-invariants.ts); the journeys' servers answer them
 * on GET /api/dev/ledger after the last journey (e2e/ledger.spec.ts).
 */
export interface LedgerViolation {
  check: string;
  /** The offending rows (the first ten), or the two totals that differ. */
  rows: unknown[];
}

/** A query whose every row is a violation. */
interface NoRows {
  check: string;
  rows: SQL;
}
/** A query answering one row of two totals, `a` and `b`, that must be equal. */
interface SameTotals {
  check: string;
  totals: SQL;
}
type Check = NoRows | SameTotals;

const entriesOf = (account: string) =>
  sql`(select coalesce(sum(amount), 0) from ledger_entries where account_id = ${account})::text`;

const CHECKS: Check[] = [
  {
    check: 'ledger transactions that do not sum to zero',
    rows: sql`select transaction_id, sum(amount)::text as total from ledger_entries
      group by transaction_id having sum(amount) <> 0`,
  },
  {
    check: 'ledger transactions without entries',
    rows: sql`select t.id from ledger_transactions t
      where not exists (select 1 from ledger_entries e where e.transaction_id = t.id)`,
  },
  {
    check: 'cached balances that differ from their entries',
    rows: sql`select a.id, a.balance::text as balance, coalesce(sum(e.amount), 0)::text as total
      from ledger_accounts a left join ledger_entries e on e.account_id = a.id
      where a.balance is not null
      group by a.id, a.balance having a.balance <> coalesce(sum(e.amount), 0)`,
  },
  // The accounts that must never go negative are exactly the ones caching a balance (the CHECK sees it).
  {
    check: 'customer or gift-card accounts without a cached balance',
    rows: sql`select id from ledger_accounts
      where balance is null and (user_id is not null or kind = 'gift_card')`,
  },
  {
    check: 'negative customer or gift-card balances',
    rows: sql`select id from ledger_accounts where (user_id is not null or kind = 'gift_card') and balance < 0`,
  },
  {
    check: 'bonuses on hold differ from what open payment drafts hold',
    totals: sql`select ${entriesOf(SYSTEM_ACCOUNTS.bonus_held)} as a,
      coalesce((select sum(spend) from payment_drafts where state in ('processing', 'paid')), 0)::text as b`,
  },
  {
    check: 'money-like balance on hold differs from what open payment drafts hold',
    totals: sql`select ${entriesOf(SYSTEM_ACCOUNTS.money_held)} as a,
      coalesce((select sum(extra_spend) from payment_drafts where state in ('processing', 'paid')), 0)::text as b`,
  },
  {
    // Less what returns by lines gave back to the balance (decision 084).
    check: 'money-like balance spent differs from what completed drafts spent',
    totals: sql`select ${entriesOf(SYSTEM_ACCOUNTS.money_spent)} as a,
      (coalesce((select sum(extra_spend) from payment_drafts where state = 'completed'), 0)
        - coalesce((select sum(balance_back) from payment_return_lines), 0))::text as b`,
  },
  {
    check: 'bonuses on hold differ from what held till spends hold',
    totals: sql`select ${entriesOf(SYSTEM_ACCOUNTS.till_held)} as a,
      coalesce((select sum(spend) from till_operations where state = 'held'), 0)::text as b`,
  },
  // A saved card's till payment earns on the money the card paid, never on the bonuses it spent.
  {
    check: 'card payments at the till whose earn is not on the money paid',
    rows: sql`select id from till_operations
      where kind = 'card' and jsonb_array_length(earn_rules) <= 1
        and earn <> floor(card_amount * greatest(earn_percent, 0) / 100)`,
  },
  {
    check: 'gift-card value spent differs from the redemptions not refunded',
    totals: sql`select ${entriesOf(SYSTEM_ACCOUNTS.gift_cards_redeemed)} as a,
      coalesce((select sum(amount) from gift_card_redemptions where refunded_at is null), 0)::text as b`,
  },
  // Bonus lots (decision 027) add up to each customer's bonus balance, whatever postings took from them.
  {
    check: 'bonus lots that do not add up to the bonus balance',
    rows: sql`select a.user_id from ledger_accounts a
      left join (select user_id, sum(remaining) as total from bonus_lots group by user_id) l
        on l.user_id = a.user_id
      where a.user_id is not null and a.kind = 'bonus' and a.balance <> coalesce(l.total, 0)`,
  },
  // Pending bonuses (decision 030): each customer's `bonus_pending` balance is what their pending rows hold.
  {
    check: 'pending bonuses that do not add up to the pending balance',
    rows: sql`select a.user_id from ledger_accounts a
      left join (select user_id, sum(amount) as total from pending_bonuses where state = 'pending'
        group by user_id) p on p.user_id = a.user_id
      where a.user_id is not null and a.kind = 'bonus_pending' and a.balance <> coalesce(p.total, 0)`,
  },
];

/** The holds a release job should have given back by `now`. */
const overdueChecks = (now: Date): Check[] => [
  {
    check: 'till holds open past their expiry',
    rows: sql`select id from till_operations
      where state = 'held' and hold_expires_at < ${now.toISOString()}::timestamptz`,
  },
  {
    check: 'payment holds open past their expiry',
    rows: sql`select id from payment_drafts
      where state in ('processing', 'paid') and (spend > 0 or extra_spend > 0)
        and hold_expires_at < ${now.toISOString()}::timestamptz`,
  },
];

/** PGlite answers `{rows}`, node-postgres a result with `rows` too; drizzle types them differently. */
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

async function violationOf(db: Db, check: Check): Promise<LedgerViolation | null> {
  if ('rows' in check) {
    const rows = rowsOf(await db.execute(check.rows));
    return rows.length ? { check: check.check, rows: rows.slice(0, 10) } : null;
  }
  const [totals] = rowsOf(await db.execute(check.totals));
  return totals?.a === totals?.b ? null : { check: check.check, rows: [totals] };
}

/**
 * Every invariant the database breaks, none when it holds. `overdueBefore`: holds open past their expiry
 * before that moment count (the test's clock; a live server gives its release job a margin).
 */
export async function ledgerViolations(db: Db, overdueBefore: Date): Promise<LedgerViolation[]> {
  const found: LedgerViolation[] = [];
  for (const check of [...CHECKS, ...overdueChecks(overdueBefore)]) {
    const violation = await violationOf(db, check);
    if (violation) found.push(violation);
  }
  return found;
}
