/** Kopecks (the server's only unit) to the API's roubles with at most 2 decimals. */
export function toRoubles(kopecks: number): number {
  // Integer division by 100 of a safe integer is exact to 2 decimals once rounded to the nearest cent.
  return Math.round(kopecks) / 100;
}

/** Roubles from the API (at most 2 decimals, checked by the contract) to kopecks. */
export const toKopecks = (roubles: number) => Math.round(roubles * 100);
