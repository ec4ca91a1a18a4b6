/** The search starts from this many typed characters (spec section 9: "bank search from 2 chars"). */
export const MIN_QUERY_LENGTH = 2;

/** Case and ё/е do not matter: people type 'альфа' for 'АЛЬФА-БАНК' and 'е' for 'ё'. */
export function normalizeBankText(text: string): string {
  return text.toLocaleLowerCase('ru').replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();
}

/** Banks whose name contains the query; all of them while the query is shorter than two characters. */
export function filterBanks<T extends { bankName: string }>(banks: readonly T[], query: string): T[] {
  const needle = normalizeBankText(query);
  if (needle.length < MIN_QUERY_LENGTH) return [...banks];
  return banks.filter((bank) => normalizeBankText(bank.bankName).includes(needle));
}
