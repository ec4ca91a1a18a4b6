import type { Db } from './client';
import { ledgerAccounts } from './schema/ledger';

/**
 * The programme's side of every movement, created with these fixed ids when the database opens
 * (`ensureSystemAccounts` below). They keep no cached balance (`balance` is null): nearly every posting touches one
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
  /**
   * Plus the bonuses left on deleted accounts (docs/decisions/028): the closing posting moves them here, so the
   * deleted customer's balance is zero and the ledger still sums to zero.
   */
  bonus_forfeited: '00000000-0000-4000-8000-000000000281',
  /** Plus the money-like balance (certificates, gift value) left on deleted accounts (docs/decisions/028). */
  money_forfeited: '00000000-0000-4000-8000-000000000282',
  /** Plus every bonus that expired unspent (decision 027: the expiry job's `bonus_expiry` postings). */
  bonus_expired: '00000000-0000-4000-8000-000000000271',
  /**
   * The other side of staff's manual bonus adjustments (docs/decisions/026): minus what they credited, plus what
   * they took back.
   */
  bonus_adjusted: '00000000-0000-4000-8000-000000000261',
} as const;
export type SystemAccountKind = keyof typeof SYSTEM_ACCOUNTS;

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
