import type { Db } from '../../db/client';
import { customerAccounts, type CustomerAccountKind, type LedgerEntryInput } from '../../core/ledger';
import { SYSTEM_ACCOUNTS } from '../../db/system-accounts';

/**
 * The ledger entries of a payment's holds (docs/decisions/009 and 023): bonuses go to `bonus_held` and the
 * money-like balance to `money_held` when the draft is processed, both in one posting; on completion each hold
 * goes to its `*_spent` account, on failure or expiry back to the customer. Empty when nothing is held.
 */
interface HeldSums {
  userId: string;
  /** Bonuses, kopecks. */
  spend: number;
  /** The money-like balance, kopecks. */
  extraSpend: number;
}

type Direction = 'hold' | 'settle' | 'release';
type CustomerAccounts = Record<CustomerAccountKind, string>;

async function entries(
  tx: Db,
  row: HeldSums,
  direction: Direction,
  known: CustomerAccounts | null = null,
): Promise<LedgerEntryInput[]> {
  const parts = [
    { amount: row.spend, customer: 'bonus', held: 'bonus_held', spent: 'bonus_spent' },
    { amount: row.extraSpend, customer: 'money', held: 'money_held', spent: 'money_spent' },
  ] as const;
  const result: LedgerEntryInput[] = [];
  const accounts = direction === 'settle' ? null : (known ?? (await customerAccounts(tx, row.userId)));
  for (const part of parts) {
    if (part.amount <= 0) continue;
    const held = SYSTEM_ACCOUNTS[part.held];
    const other = accounts ? accounts[part.customer] : SYSTEM_ACCOUNTS[part.spent];
    // A hold takes from the customer; settling and releasing take from the hold.
    const from = direction === 'hold' ? other : held;
    const to = direction === 'hold' ? held : other;
    result.push({ accountId: from, amount: -part.amount }, { accountId: to, amount: part.amount });
  }
  return result;
}

/**
 * Customer -> held, when the draft is processed. `accounts`: the customer's account ids when the caller read them
 * already (processDraft's move answers them); null reads them, creating them if they are missing.
 */
export const holdEntries = (tx: Db, row: HeldSums, accounts: CustomerAccounts | null = null) =>
  entries(tx, row, 'hold', accounts);
/** Held -> spent, when the payment completes. */
export const settleEntries = (tx: Db, row: HeldSums) => entries(tx, row, 'settle');
/** Held -> customer, when the payment fails or expires. */
export const releaseEntries = (tx: Db, row: HeldSums) => entries(tx, row, 'release');
