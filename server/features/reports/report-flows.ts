import { SYSTEM_ACCOUNTS, type SystemAccountKind } from '#server/db/system-accounts';
import { GIFT_CARD_ADD, type FlowRow } from './report-queries';

/**
 * The ledger's movement on the programme's own accounts (docs/decisions/031), summed per kind, and what each pool
 * (bonuses, money-like balances, gift cards) grew by with it: the report's figures, and what the owed amounts are
 * carried forward and back with (decision 090).
 */

export type Flows = Partial<Record<SystemAccountKind | typeof GIFT_CARD_ADD, number>>;
const KIND_OF = new Map<string, string>(Object.entries(SYSTEM_ACCOUNTS).map(([kind, id]) => [id, kind]));
export const bucketKind = (bucket: string) =>
  (bucket === GIFT_CARD_ADD ? GIFT_CARD_ADD : KIND_OF.get(bucket)) as keyof Flows;

export const f = (flows: Flows, kind: keyof Flows) => flows[kind] ?? 0;
/** Bonuses credited to customers (the programme's account goes down by as much), net of reversals. */
export const bonusesIssued = (x: Flows) => -f(x, 'bonus_issued');
/** What came into each pool (customers and holds) in the flows: the pool's growth. */
export const bonusInflow = (x: Flows) =>
  -(
    f(x, 'bonus_issued') +
    f(x, 'bonus_adjusted') +
    f(x, 'bonus_spent') +
    f(x, 'bonus_expired') +
    f(x, 'bonus_forfeited')
  );
export const moneyInflow = (x: Flows) =>
  -f(x, 'certificates_issued') + f(x, GIFT_CARD_ADD) - f(x, 'money_spent') - f(x, 'money_forfeited');
export const giftInflow = (x: Flows) =>
  -f(x, 'gift_cards_issued') - f(x, 'gift_cards_redeemed') - f(x, GIFT_CARD_ADD);

/** Flow rows (per day or not) summed into one. */
export function flowsOf(rows: Array<Pick<FlowRow, 'bucket' | 'amount'>>): Flows {
  const total: Flows = {};
  for (const row of rows) {
    const kind = bucketKind(row.bucket);
    total[kind] = (total[kind] ?? 0) + Number(row.amount);
  }
  return total;
}

/** What the programme owes, per pool, in kopecks. */
export interface Owed {
  bonus: number;
  money: number;
  gift: number;
}

/** `owed` moved by the flows (`sign` −1: worked back from after them). */
export const owedWith = (owed: Owed, x: Flows, sign: 1 | -1 = 1): Owed => ({
  bonus: owed.bonus + sign * bonusInflow(x),
  money: owed.money + sign * moneyInflow(x),
  gift: owed.gift + sign * giftInflow(x),
});
