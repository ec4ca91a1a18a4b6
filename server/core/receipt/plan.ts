import { kopecks, type Kopecks } from '../money';
import type { ReceiptLine } from './lines';
import { spreadOver } from './spread';

/**
 * What the programme makes of a receipt's lines (issue 29, decision 061), pure and in kopecks: how many bonuses
 * each line may take, how the bonuses spent spread over them as a discount, how the earn spreads over the lines
 * that earn. The sums of the shares are the operation's figures exactly, so a till can print net lines.
 */

/** The line with what it took and earned. */
export interface PlannedLine extends ReceiptLine {
  /** The most bonuses the line may take: the brand's share of its sum, or 0. */
  maxSpend: Kopecks;
  spend: Kopecks;
  earn: Kopecks;
}

/** The most bonuses each line may take: `maxSpendPercent` of its sum, rounded down; none for goods bonuses never pay for. */
export const lineCaps = (lines: readonly ReceiptLine[], maxSpendPercent: number): Kopecks[] =>
  lines.map((line) => kopecks(line.canSpend ? Math.floor((line.sum * maxSpendPercent) / 100) : 0));

/** The most bonuses the whole receipt may take: its lines' caps together (never more than the cheque's limit). */
export const receiptSpendLimit = (lines: readonly ReceiptLine[], maxSpendPercent: number): Kopecks =>
  kopecks(lineCaps(lines, maxSpendPercent).reduce((total, cap) => total + cap, 0));

/** `spend` over the lines that take bonuses, in proportion to their sums, none past its cap. */
export function spreadSpend(
  lines: readonly ReceiptLine[],
  spend: number,
  maxSpendPercent: number,
): Kopecks[] {
  const caps = lineCaps(lines, maxSpendPercent);
  return spreadOver(
    spend,
    lines.map((line, i) => (caps[i]! > 0 ? line.sum : 0)),
    caps,
  ).map(kopecks);
}

/**
 * What the campaigns compare with and what earns: the cheque without goods in a legal group (so a tobacco
 * purchase never reaches a campaign's minimum), and the money paid for the lines that earn.
 */
export function earnBase(lines: readonly ReceiptLine[], spendShares: readonly number[]) {
  let cheque = 0;
  let earnable = 0;
  lines.forEach((line, i) => {
    if (!line.legalGroup) cheque += line.sum;
    if (line.canEarn) earnable += line.sum - spendShares[i]!;
  });
  return {
    cheque: kopecks(cheque),
    earnable: kopecks(earnable),
    anyEarns: lines.some((line) => line.canEarn),
  };
}

/**
 * `earn` over the lines that earn, in proportion to the money paid for each; a receipt whose earning lines were
 * all paid in bonuses (a fixed campaign bonus) spreads it by their sums instead.
 */
export function spreadEarn(
  lines: readonly ReceiptLine[],
  spendShares: readonly number[],
  earn: number,
): Kopecks[] {
  const paid = lines.map((line, i) => (line.canEarn ? line.sum - spendShares[i]! : 0));
  const weights = paid.some((value) => value > 0)
    ? paid
    : lines.map((line) => (line.canEarn ? Math.max(line.sum, 1) : 0));
  return spreadOver(
    earn,
    weights,
    weights.map(() => earn),
  ).map(kopecks);
}

/** The lines with their shares. */
export const planLines = (
  lines: readonly ReceiptLine[],
  maxSpendPercent: number,
  spendShares: readonly Kopecks[],
  earnShares: readonly Kopecks[],
): PlannedLine[] => {
  const caps = lineCaps(lines, maxSpendPercent);
  return lines.map((line, i) => ({
    ...line,
    maxSpend: caps[i]!,
    spend: spendShares[i]!,
    earn: earnShares[i]!,
  }));
};
