/**
 * A sum in kopecks, the server's only unit of money and bonuses. Branded, so a plain number (a sum in roubles
 * from the API, say) cannot reach the ledger without passing through `kopecks` or `fromRoubles` (decision 056).
 * It is still a number: reading one needs no conversion.
 */
export type Kopecks = number & { readonly __brand: 'Kopecks' };

/** `n` whole kopecks (signed); anything else is a bug and throws. */
export function kopecks(n: number): Kopecks {
  if (!Number.isSafeInteger(n)) throw new Error(`not a whole number of kopecks: ${n}`);
  return n as Kopecks;
}

/** Roubles from the API (at most 2 decimals, checked by the contract) to kopecks. */
export const fromRoubles = (roubles: number): Kopecks => kopecks(Math.round(roubles * 100));

/** Roubles to a plain number of kopecks: the earn code's older form of `fromRoubles` (its values never reach the ledger). */
export const toKopecks = (roubles: number) => Math.round(roubles * 100);

/** Kopecks (the server's only unit) to the API's roubles with at most 2 decimals. */
export function toRoubles(kopecks: number): number {
  // Integer division by 100 of a safe integer is exact to 2 decimals once rounded to the nearest cent.
  return Math.round(kopecks) / 100;
}
