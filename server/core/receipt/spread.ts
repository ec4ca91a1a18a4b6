/**
 * Spreads a whole number of kopecks over lines in proportion to their weights, no line past its cap, the
 * shares adding up to the amount exactly (issue 29: the bonuses spent as each line's discount, a receipt's
 * earn over the lines that earn). Largest remainders take the kopecks rounding leaves, earlier lines first on
 * a tie, so the same receipt always splits the same way. BigInt keeps `amount × weight` exact past 2^53.
 */
export function spreadOver(amount: number, weights: readonly number[], caps: readonly number[]): number[] {
  const shares = weights.map(() => 0);
  const room = caps.reduce((total, cap, i) => total + (weights[i]! > 0 ? cap : 0), 0);
  if (amount < 0 || amount > room) throw new Error(`cannot spread ${amount} over lines that take ${room}`);
  let left = amount;
  let open = weights.flatMap((weight, i) => (weight > 0 && caps[i]! > 0 ? [i] : []));
  while (left > 0 && open.length > 0) {
    const total = BigInt(open.reduce((sum, i) => sum + weights[i]!, 0));
    // A line whose proportional share reaches its cap takes the cap and leaves the rest to the others.
    const full = open.filter(
      (i) => BigInt(left) * BigInt(weights[i]!) >= BigInt(caps[i]! - shares[i]!) * total,
    );
    if (full.length > 0) {
      for (const i of full) {
        left -= caps[i]! - shares[i]!;
        shares[i] = caps[i]!;
      }
      open = open.filter((i) => !full.includes(i));
      continue;
    }
    const exact = open.map((i) => ({ i, scaled: BigInt(left) * BigInt(weights[i]!) }));
    let given = 0;
    for (const { i, scaled } of exact) {
      const whole = Number(scaled / total);
      shares[i]! += whole;
      given += whole;
    }
    const byRemainder = exact
      .map(({ i, scaled }) => ({ i, rest: scaled % total }))
      .sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
    for (const { i } of byRemainder.slice(0, left - given)) shares[i]! += 1;
    left = 0;
  }
  return shares;
}
