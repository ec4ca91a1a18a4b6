/**
 * The shape of a national chain's three years (bench/scale/generate.ts): how purchases spread over days and
 * hours, and which member makes each. Computed here once, stored in the scale database as small tables, and
 * read by every chunk, so a resumed run continues the same shape.
 */

/** Three years of days, ending on the day before the generation. */
export const SPAN_DAYS = 3 * 365;

/** Days the shops are busier than a weekday (Moscow calendar): the New Year week, the spring holidays. */
const HOLIDAYS: Record<string, number> = {
  '12-28': 1.6,
  '12-29': 1.8,
  '12-30': 2.0,
  '12-31': 1.7,
  '01-01': 0.4,
  '01-02': 0.8,
  '02-22': 1.4,
  '03-07': 1.8,
  '03-08': 1.2,
  '04-30': 1.3,
  '05-08': 1.3,
  '06-11': 1.2,
  '11-03': 1.2,
};

/** Saturday is a chain's busiest day, Sunday next (docs/capacity.md takes its peak from Saturday). */
const WEEKDAY = [1.25, 0.9, 0.92, 0.95, 1.0, 1.15, 1.4]; // Sunday..Saturday

/** Purchases per hour of a day (Moscow), shops open 8:00 to 23:00, the peak after work. */
export const HOUR_WEIGHTS = [
  0, 0, 0, 0, 0, 0, 0, 0.2, 0.6, 0.8, 1.0, 1.1, 1.3, 1.3, 1.1, 1.0, 1.1, 1.4, 1.8, 1.9, 1.6, 1.1, 0.6, 0.2,
];

export interface Day {
  /** YYYY-MM-DD */
  day: string;
  weight: number;
}

/** The days before `today` (YYYY-MM-DD, UTC calendar), oldest first, each with its weight. */
export function daysBefore(today: string): Day[] {
  const end = new Date(`${today}T00:00:00Z`).getTime();
  return Array.from({ length: SPAN_DAYS }, (_, i) => {
    const date = new Date(end - (SPAN_DAYS - i) * 86_400_000);
    const day = date.toISOString().slice(0, 10);
    // A gentle growth: the chain sells 20 % more in its third year than in its first.
    const growth = 1 + (0.2 * i) / SPAN_DAYS;
    return { day, weight: WEEKDAY[date.getUTCDay()]! * (HOLIDAYS[day.slice(5)] ?? 1) * growth };
  });
}

/** Each weight's share as [lo, hi) bounds of the unit interval, in order: operation g of M falls at g/M. */
export function cumulative(weights: number[]): Array<{ lo: number; hi: number }> {
  const total = weights.reduce((a, b) => a + b, 0);
  let before = 0;
  return weights.map((w) => {
    const lo = before / total;
    before += w;
    return { lo, hi: before / total };
  });
}

/**
 * A multiplier that permutes 0..members-1 (`k * p mod members`): the heavy shoppers (small k) end up spread
 * over the members' ids instead of being the first ones.
 */
export function permutation(members: number): number {
  const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);
  let p = 1_000_003;
  while (gcd(p, members) !== 1) p += 2;
  return p;
}
