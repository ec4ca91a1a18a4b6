/**
 * Fiscalisation's closed lists (issue 30, decision 070), zod-free so the contract, the server and the console
 * share them.
 */

/** Who issues the 54-FZ receipt for the money the site takes: the shop's till (default), the gateway, a cloud till. */
export const FISCAL_MODES = ['till', 'gateway', 'cloud'] as const;
export type FiscalMode = (typeof FISCAL_MODES)[number];

/**
 * The FFD version the brand's fiscal drive works by (decision 080): the gateway's cart states a line's measure as
 * text under 1.05 («шт») and as the code of tag 2108 under 1.2 (0: pieces). The cloud till's protocol is 1.2's.
 */
export const FFD_VERSIONS = ['1.05', '1.2'] as const;
export type FfdVersion = (typeof FFD_VERSIONS)[number];

/** The tax systems (FFD tag 1055), named as ATOL Online's `sno`. ЕНВД is gone since 2021. */
export const TAX_SYSTEMS = ['osn', 'usn_income', 'usn_income_outcome', 'esn', 'patent'] as const;
export type TaxSystem = (typeof TAX_SYSTEMS)[number];

/** An outbox receipt's life: queued, sent (the provider accepted it), done (fiscalised) or failed for good. */
export const FISCAL_STATUSES = ['queued', 'sent', 'done', 'failed'] as const;
export type FiscalStatus = (typeof FISCAL_STATUSES)[number];

/** The documents the site issues: «приход» and «возврат прихода». */
export const FISCAL_KINDS = ['sell', 'sell_refund'] as const;
export type FiscalKind = (typeof FISCAL_KINDS)[number];

/**
 * Whether an INN's check digits hold (the FNS's algorithm): 10 digits for a company (one check digit), 12 for an
 * entrepreneur (two). Each check digit is a weighted sum of the digits before it, mod 11, mod 10.
 */
export function isValidInn(inn: string): boolean {
  if (!/^(\d{10}|\d{12})$/.test(inn)) return false;
  const digits = [...inn].map(Number);
  const check = (weights: readonly number[]) =>
    (weights.reduce((sum, weight, i) => sum + weight * digits[i]!, 0) % 11) % 10;
  if (digits.length === 10) return check([2, 4, 10, 3, 5, 9, 4, 6, 8]) === digits[9];
  return (
    check([7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === digits[10] &&
    check([3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === digits[11]
  );
}
