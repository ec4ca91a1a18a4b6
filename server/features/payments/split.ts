import { spendLimit } from '#server/core/holds';

/**
 * How a shop payment's sum is split (docs/decisions/009 and 023), in kopecks. The money-like balance
 * (certificates, gift value) pays first, in full where it can: it is money, with no limit. Bonuses then pay up
 * to `maxSpendPercent` of what is left, and the bank (or the till) takes the rest. Paying at the till spends
 * neither (we do not see that money). What earns is the money paid: the bank's part and the money-like part
 * (gift value earned nothing when it was bought), never bonuses; the earn rules (server/core/earn) say how much.
 */
export interface SplitInput {
  /** The cheque's sum, kopecks (the request's `paySum` is roubles). */
  paySumKopecks: number;
  spendBonus: boolean;
  payType: 'CARD' | 'SBP_QR' | 'IN_RETAIL_POINT';
  bonusBalance: number;
  maxSpendPercent: number;
  /** Spend the money-like balance; off when absent. */
  spendExtra?: boolean;
  /** The money-like balance, kopecks; 0 when absent. */
  moneyBalance?: number;
  /** A till's receipt's limit (its lines' limits together, decision 069): bonuses never pay more. */
  receiptLimit?: number;
}

export interface Split {
  /** From the money-like balance (the draft's EXTRA spend). */
  extraSpend: number;
  /** From bonuses (GLOBAL spend). */
  spend: number;
  leftToPay: number;
  /** What earns on completion (the money paid), kopecks: 0 at the till. */
  earnable: number;
}

export function splitPayment(input: SplitInput): Split {
  const atTill = input.payType === 'IN_RETAIL_POINT';
  const extraSpend =
    input.spendExtra && !atTill ? Math.max(0, Math.min(input.paySumKopecks, input.moneyBalance ?? 0)) : 0;
  const rest = input.paySumKopecks - extraSpend;
  const limit = Math.min(spendLimit(rest, input.maxSpendPercent), input.receiptLimit ?? Infinity);
  const spend = input.spendBonus && !atTill ? Math.max(0, Math.min(limit, input.bonusBalance)) : 0;
  const leftToPay = rest - spend;
  // Paying at the till is not confirmed by us, so it earns nothing here (the till's accrual does).
  const earnable = atTill ? 0 : leftToPay + extraSpend;
  return { extraSpend, spend, leftToPay, earnable };
}
