import { earnFor, type EarnDeps, type EarnRequest, type Earned } from '../earn/earn';
import type { Kopecks } from '../money';
import type { ReceiptLine } from './lines';
import {
  earnBase,
  earnLines,
  planLines,
  spreadEarn,
  spreadEarnByRates,
  spreadSpend,
  type PlannedLine,
} from './plan';

export interface ReceiptEarnRequest extends Pick<EarnRequest, 'point' | 'at' | 'timeZone' | 'userId'> {
  /** The whole cheque. */
  sum: Kopecks;
  /** Bonuses the operation spends (already checked against the limit and the balance). */
  spend: Kopecks;
  /** The receipt's lines, or null for a sum-only cheque. */
  lines: readonly ReceiptLine[] | null;
  maxSpendPercent: number;
}

export interface ReceiptEarned extends Earned {
  /** Each line's share of the spend and the earn; null for a sum-only cheque. */
  lines: PlannedLine[] | null;
}

/**
 * The earn path for a cheque with or without lines (issue 29, decision 061). Without lines it is exactly
 * today's `earnFor` over the money paid. With lines, the spend is spread over the lines first; then what earns
 * is the money paid for the lines that may earn, the campaigns compare their minimum with the cheque less the
 * goods in a legal group, and the earn is spread back over the earning lines. A receipt with no line that may
 * earn earns nothing, whatever a campaign's fixed bonus says.
 */
export async function earnForReceipt(deps: EarnDeps, request: ReceiptEarnRequest): Promise<ReceiptEarned> {
  const { lines, sum, spend, ...rest } = request;
  if (!lines)
    return { ...(await earnFor(deps, { ...rest, cheque: sum, earnable: sum - spend })), lines: null };
  const spendShares = spreadSpend(lines, spend, request.maxSpendPercent);
  const base = earnBase(lines, spendShares);
  const forRules = earnLines(lines, spendShares);
  const earned = await earnFor(deps, {
    ...rest,
    cheque: base.cheque,
    earnable: base.earnable,
    lines: forRules,
  });
  const result = base.anyEarns ? earned : { ...earned, earn: 0, rules: [], rate: null };
  // A goods campaign's bonuses stay on its lines; otherwise every earning line has one rate (decision 061).
  const earnShares = result.perLine
    ? spreadEarnByRates(forRules, result.perLine, result.earn)
    : spreadEarn(lines, spendShares, result.earn);
  return { ...result, lines: planLines(lines, request.maxSpendPercent, spendShares, earnShares) };
}
