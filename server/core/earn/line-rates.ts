import { lineMatches, type EarnLine } from './goods';
import type { EarnCampaign } from './rules';

/**
 * How a receipt's earn falls on its lines (issue 29 item 3, decision 062): a campaign with goods conditions
 * reaches only its lines, one without reaches every line that earns. Pure, integers only.
 */

/** How a receipt's earn falls on its lines (decision 062): each line's rate, and the fixed bonuses' lines. */
export interface LineRates {
  /** Each line's rate, hundredths of a percent (0 for a line that does not earn). */
  rates: number[];
  /** Each fixed bonus, kopecks, and the indexes of the lines it goes to. */
  fixed: Array<{ kopecks: number; lines: number[] }>;
}

/** A rate (hundredths of a percent) through the campaigns that reach it: multiplied, then extra percents added. */
export function rateThrough(
  base: number,
  applied: readonly EarnCampaign[],
  reaches: (c: EarnCampaign) => boolean,
) {
  let rate = base;
  let extra = 0;
  for (const c of applied) {
    if (!reaches(c)) continue;
    if (c.effect.kind === 'MULTIPLIER') rate = Math.floor((rate * c.effect.factorHundredths) / 100);
    else if (c.effect.kind === 'EXTRA_PERCENT') extra += c.effect.percentHundredths;
  }
  return rate + extra;
}

export const fixedOf = (applied: readonly EarnCampaign[]) =>
  applied.flatMap((c) => (c.effect.kind === 'FIXED' ? [{ ...c, effect: c.effect }] : []));

/** Each line's rate (a goods campaign reaches only its lines), and each fixed bonus with its lines. */
export function lineRates(
  base: number,
  applied: readonly EarnCampaign[],
  lines: readonly EarnLine[],
): LineRates {
  const reaches = (c: EarnCampaign, line: EarnLine) => (c.goods ? lineMatches(c.goods, line) : line.canEarn);
  return {
    rates: lines.map((line) => (line.canEarn ? rateThrough(base, applied, (c) => reaches(c, line)) : 0)),
    fixed: fixedOf(applied).map((c) => ({
      kopecks: c.effect.kopecks,
      lines: lines.flatMap((line, i) => (reaches(c, line) ? [i] : [])),
    })),
  };
}

/**
 * The earn of a receipt by its lines' rates: the money paid at each rate together, rounded down once per rate
 * (so a receipt every line of which has one rate earns exactly what its sum-only cheque would), plus the fixed
 * bonuses.
 */
export function earnOverLines(lines: readonly EarnLine[], perLine: LineRates): number {
  const paidAt = new Map<number, number>();
  lines.forEach((line, i) => {
    const rate = perLine.rates[i]!;
    if (rate > 0 && line.paid > 0) paidAt.set(rate, (paidAt.get(rate) ?? 0) + line.paid);
  });
  let earn = 0;
  for (const [rate, paid] of paidAt) earn += Math.floor((paid * rate) / 10_000);
  return earn + perLine.fixed.reduce((total, f) => total + f.kopecks, 0);
}
