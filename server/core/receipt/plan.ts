import type { EarnLine, LineRates } from '../earn/rules';
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

/** The lines as the earn rules read them: the money paid for each that earns (decision 062). */
export const earnLines = (lines: readonly ReceiptLine[], spendShares: readonly number[]): EarnLine[] =>
  lines.map((line, i) => ({
    sku: line.sku,
    categoryPath: line.categoryPath,
    quantityMilli: line.quantityMilli,
    sum: line.sum,
    paid: line.canEarn ? line.sum - spendShares[i]! : 0,
    canEarn: line.canEarn,
  }));

/**
 * The earn over the lines when a goods campaign applied (decision 062): each rate's earn over the lines paid at
 * that rate, each fixed bonus over its lines, by the money paid for each (by their sums when they were paid in
 * bonuses only). When the owner's cap cut the earn, the capped earn goes over the lines in proportion to what
 * each would have earned, so a line keeps its share of the campaign that rewarded it.
 */
export function spreadEarnByRates(lines: readonly EarnLine[], perLine: LineRates, earn: number): Kopecks[] {
  const shares = lines.map(() => 0);
  const give = (amount: number, indexes: readonly number[]) => {
    const members = new Set(indexes);
    const paid = lines.map((line, i) => (members.has(i) ? line.paid : 0));
    const weights = paid.some((value) => value > 0)
      ? paid
      : lines.map((line, i) => (members.has(i) ? Math.max(line.sum, 1) : 0));
    spreadOver(
      amount,
      weights,
      weights.map(() => amount),
    ).forEach((share, i) => (shares[i]! += share));
  };
  const rates = [...new Set(perLine.rates.filter((rate) => rate > 0))];
  for (const rate of rates) {
    const members = lines.flatMap((line, i) => (perLine.rates[i] === rate && line.paid > 0 ? [i] : []));
    const paid = members.reduce((total, i) => total + lines[i]!.paid, 0);
    if (members.length) give(Math.floor((paid * rate) / 10_000), members);
  }
  for (const fixed of perLine.fixed) if (fixed.lines.length) give(fixed.kopecks, fixed.lines);
  const full = shares.reduce((total, share) => total + share, 0);
  if (full <= earn) return shares.map(kopecks);
  return spreadOver(earn, shares, shares).map(kopecks);
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
