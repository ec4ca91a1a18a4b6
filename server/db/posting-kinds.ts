/**
 * Every kind of ledger posting, with the prefix of its idempotency key (`<prefix>:<what it is about>`). The one
 * list: `postTransaction` takes a kind from it, `postingKey` builds the key from it, and the CHECK on
 * `ledger_transactions.kind` (server/db/schema/ledger.ts) is generated from it, so a posting of an unknown kind
 * is refused by the database too (decision 056). A new kind is a line here and a migration; a kind once written
 * is never removed (the CHECK must keep accepting the rows already posted).
 */
export const POSTING_KINDS = {
  /** A shop payment's holds: bonuses -> bonus_held, the money-like balance -> money_held (decision 009, 023). */
  payment_hold: 'payment-hold',
  /** A shop payment completed: its holds to the `*_spent` accounts and its earn credited. */
  payment: 'payment-complete',
  /** A shop payment failed or expired: its holds back to the customer. */
  payment_release: 'payment-release',
  /** A till spend's (or card payment's) bonuses -> till_held (decision 015). */
  till_hold: 'till-hold',
  /** A till hold confirmed: till_held -> bonus_spent and the earn credited. */
  till_spend: 'till-complete',
  /** A till hold cancelled, expired or declined: till_held -> the customer. */
  till_release: 'till-release',
  /** A till operation refunded. */
  till_refund: 'till-refund',
  /** Some lines of a till operation returned (decision 063): their spend back, their earn taken back. */
  till_return: 'till-return',
  /** Some lines of a till's receipt paid on the site returned (decision 084): bonuses and the money-like part. */
  payment_return: 'payment-return',
  /** A till accrual: the earn of a cheque paid at the till. */
  till_accrue: 'till-accrue',
  /** A certificate activated: certificates_issued -> the customer's money. */
  certificate_activation: 'certificate',
  /** A deleted account's balances to the forfeited accounts (decision 028). */
  account_closed: 'account-closed',
  /** Support's manual bonus adjustment (decision 026). */
  manual_adjustment: 'manual-adjustment',
  /** A bonus lot expired (decision 027). */
  bonus_expiry: 'bonus-expiry',
  /** A pending earn released to the spendable balance (decision 030). */
  pending_release: 'pending-release',
  /** Event bonuses (decision 027, 030): keys by the phone's key. */
  welcome_bonus: 'welcome',
  referral_bonus: 'referral',
  birthday_bonus: 'birthday',
  /** Gift cards (decisions 017, 018, 023). */
  gift_card_issue: 'gift-card-issue',
  gift_card_redeem: 'gift-card-redeem',
  gift_card_redeem_refund: 'gift-card-redeem-refund',
  gift_card_add: 'gift-card-add',
  /** The demo customer's past purchases (server/db/seed): in every demo database already. */
  purchase: 'demo:purchase',
  /** Credits the tests and the benchmarks give their customers; never posted by the product. */
  test_credit: 'test-credit',
} as const;

export type PostingKind = keyof typeof POSTING_KINDS;

export const postingKinds = Object.keys(POSTING_KINDS) as PostingKind[];

/** A posting's idempotency key: its kind's prefix, then what makes this event one (`till-hold:<operation id>`). */
export const postingKey = (kind: PostingKind, ...parts: Array<string | number>): string =>
  [POSTING_KINDS[kind], ...parts].join(':');
