import type { Db } from '../db/client';
import { postingKey, type PostingKind } from '../db/posting-kinds';
import { SYSTEM_ACCOUNTS, type SystemAccountKind } from '../db/system-accounts';
import type { EarnDeps } from './earn/earn';
import { earnCredit } from './earn/pending';
import {
  customerAccounts,
  postTransaction,
  transfer,
  type CustomerAccountKind,
  type LedgerEntryInput,
} from './ledger';
import { kopecks, type Kopecks } from './money';

/**
 * A bonus hold's ledger side, one for the shop payments (decisions 009, 023) and the till (decision 015): what
 * a payment spends leaves the customer for a held account when it starts, then goes to the `*_spent` account
 * when it completes (the earn credited in the same posting) or back to the customer when it fails, is
 * cancelled or expires. Each place keeps its holds in accounts of its own, so each held balance can be checked
 * against its own table (server/test/ledger-invariants.ts). Every posting is keyed by the place's kind and the
 * payment's id, so a retry changes nothing (decision 056). The callers keep the payment's state and move it in
 * the transaction they hand here.
 */

/** Whose hold: a shop payment's draft, or a till operation. */
export type HoldPlace = 'payment' | 'till';

interface PlaceAccounts {
  /** Where each customer account's part is held, and where it goes when spent. */
  parts: Array<{ customer: CustomerAccountKind; held: SystemAccountKind; spent: SystemAccountKind }>;
  kinds: { hold: PostingKind; settle: PostingKind; release: PostingKind };
}

const PLACES: Record<HoldPlace, PlaceAccounts> = {
  payment: {
    parts: [
      { customer: 'bonus', held: 'bonus_held', spent: 'bonus_spent' },
      { customer: 'money', held: 'money_held', spent: 'money_spent' },
    ],
    kinds: { hold: 'payment_hold', settle: 'payment', release: 'payment_release' },
  },
  // The till spends bonuses only (never the money-like balance).
  till: {
    parts: [{ customer: 'bonus', held: 'till_held', spent: 'bonus_spent' }],
    kinds: { hold: 'till_hold', settle: 'till_spend', release: 'till_release' },
  },
};

/** What a payment holds, kopecks as its row keeps them. */
export interface HeldSums {
  /** The payment's id (the draft's, the till operation's): the postings' keys end with it. */
  id: string;
  userId: string;
  /** Bonuses. */
  spend: number;
  /** The money-like balance (shop payments only); 0 when absent. */
  extraSpend?: number;
}

type CustomerAccounts = Record<CustomerAccountKind, string>;
type Direction = 'hold' | 'settle' | 'release';

/** The most bonuses a cheque of `sum` kopecks may spend: the brand's `maxSpendPercent` of it, rounded down. */
export const spendLimit = (sum: number, maxSpendPercent: number): Kopecks =>
  kopecks(Math.floor((sum * maxSpendPercent) / 100));

/** The hold's key, which a release or a refund names as the debit it gives back (decision 030). */
export const holdKey = (place: HoldPlace, id: string) => postingKey(PLACES[place].kinds.hold, id);

/** The key of a hold's settlement: a pending earn credited by it is found by it (decision 030). */
export const settlementKey = (place: HoldPlace, id: string) => postingKey(PLACES[place].kinds.settle, id);

async function entries(
  tx: Db,
  place: HoldPlace,
  sums: HeldSums,
  direction: Direction,
  known: CustomerAccounts | null = null,
): Promise<LedgerEntryInput[]> {
  const amounts: Record<CustomerAccountKind, number> = { bonus: sums.spend, money: sums.extraSpend ?? 0 };
  const parts = PLACES[place].parts.filter((part) => amounts[part.customer] > 0);
  if (parts.length === 0) return [];
  // Settling never touches the customer: no need to read their accounts.
  const accounts = direction === 'settle' ? null : (known ?? (await customerAccounts(tx, sums.userId)));
  return parts.flatMap((part) => {
    const held = SYSTEM_ACCOUNTS[part.held];
    const other = accounts ? accounts[part.customer] : SYSTEM_ACCOUNTS[part.spent];
    const amount = kopecks(amounts[part.customer]);
    // A hold takes from the customer; settling and releasing take from the hold.
    return direction === 'hold' ? transfer(other, held, amount) : transfer(held, other, amount);
  });
}

/**
 * Customer -> held, in the caller's transaction, under `<hold kind>:<id>`; nothing when nothing is held.
 * `accounts`: the customer's account ids when the caller read them already (processDraft's move answers them);
 * null reads them, creating them if they are missing. A balance that cannot cover it is InsufficientFundsError.
 */
export async function postHold(
  tx: Db,
  place: HoldPlace,
  sums: HeldSums,
  accounts: CustomerAccounts | null = null,
): Promise<void> {
  const hold = await entries(tx, place, sums, 'hold', accounts);
  if (hold.length === 0) return;
  await postTransaction(tx, {
    idempotencyKey: holdKey(place, sums.id),
    kind: PLACES[place].kinds.hold,
    entries: hold,
  });
}

/**
 * Held -> customer (a failed, cancelled, declined or expired payment), under `<release kind>:<id>`, restoring
 * the bonus lots the hold took (decision 030); nothing when nothing was held.
 */
export async function postRelease(tx: Db, place: HoldPlace, sums: HeldSums): Promise<void> {
  const release = await entries(tx, place, sums, 'release');
  if (release.length === 0) return;
  const kind = PLACES[place].kinds.release;
  await postTransaction(tx, {
    idempotencyKey: postingKey(kind, sums.id),
    kind,
    restores: holdKey(place, sums.id),
    entries: release,
  });
}

/**
 * Held -> spent, and the payment's `earn` credited (bonus_issued -> the customer, or their pending account),
 * in ONE posting under `<settle kind>:<id>` in the caller's transaction; none when both are nothing. Answers
 * the posting's id, or null.
 */
export async function postSettlement(
  deps: EarnDeps,
  tx: Db,
  place: HoldPlace,
  sums: HeldSums,
  earn: number,
): Promise<string | null> {
  const credit = await earnCredit(deps, tx, sums.userId, earn);
  const settled = [...(await entries(tx, place, sums, 'settle')), ...credit.entries];
  if (settled.length === 0) return null;
  const key = settlementKey(place, sums.id);
  const posted = await postTransaction(tx, {
    idempotencyKey: key,
    kind: PLACES[place].kinds.settle,
    entries: settled,
  });
  if (posted.created) await credit.afterPosting(key);
  return posted.transactionId;
}
