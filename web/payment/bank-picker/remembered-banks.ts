/** localStorage key of the remembered bank names (spec section 3, "Local storage"). */
export const REMEMBERED_BANKS_KEY = 'sbpRememberedBanks';

/** A short list: the section is for the one or two banks a person actually uses. */
const LIMIT = 5;

/** Remembered bank names, newest first; nothing when storage is unavailable or holds something else. */
export function readRememberedBanks(storage: Storage | undefined = globalThis.localStorage): string[] {
  try {
    const value: unknown = JSON.parse(storage?.getItem(REMEMBERED_BANKS_KEY) ?? '[]');
    return Array.isArray(value)
      ? value.filter((v): v is string => typeof v === 'string').slice(0, LIMIT)
      : [];
  } catch {
    return [];
  }
}

/** Puts a chosen bank first (once) and returns the new list; a full or blocked storage only loses the memory. */
export function rememberBank(name: string, storage: Storage | undefined = globalThis.localStorage): string[] {
  const next = [name, ...readRememberedBanks(storage).filter((n) => n !== name)].slice(0, LIMIT);
  try {
    storage?.setItem(REMEMBERED_BANKS_KEY, JSON.stringify(next));
  } catch {
    // Private mode or a full quota: the payment must go on regardless.
  }
  return next;
}
