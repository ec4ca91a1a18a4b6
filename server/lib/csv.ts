/**
 * CSV fields that Excel in Russia opens correctly by a double click (docs/decisions/028): the data export and
 * the console's reports write their files with these, a ';' between fields and UTF-8 with a byte-order mark.
 */

/** A text field, quoted when it must be; a leading = + - @ is defused so Excel never runs it as a formula. */
export function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Roubles with a decimal comma and two decimals: 1234.5 -> '1234,50' (no thousands separator: Excel reads it). */
export const csvMoney = (roubles: number) => roubles.toFixed(2).replace('.', ',');
