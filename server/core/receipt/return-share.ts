/**
 * A returned quantity's share of a line's kopecks (decision 063): the cumulative share of everything returned
 * so far, rounded down, less what earlier returns already took. Several returns of one line therefore add up
 * exactly to the whole line, the last one taking the remainder. Exact in BigInt (kopecks × thousandths).
 */
export function returnShare(
  total: number,
  lineMilli: number,
  returnedMilli: number,
  alreadyTaken: number,
  milli: number,
): number {
  const cumulative = returnedMilli + milli;
  if (milli <= 0 || cumulative > lineMilli) throw new RangeError('quantity outside the line');
  const share = (BigInt(total) * BigInt(cumulative)) / BigInt(lineMilli);
  return Number(share) - alreadyTaken;
}
