import type { LoyaltyCard } from '#common/contract/cabinet';

/**
 * The card the cabinet shows with no network (docs/decisions/028): the active card (its number and the member
 * code's secret, which the device already holds to compute the code) and the last balance the server gave, with
 * the time it gave it. Kept in local storage beside the tokens, under the same rule: removed on logout and
 * whenever the tokens are cleared. Nothing else about the customer is kept for offline use.
 */
export interface OfflineCard {
  card: LoyaltyCard;
  /** ISO 8601: when the balance was read from the server. */
  savedAt: string;
}

/** The same key `clearTokens` removes (web/lib/auth-tokens.ts). */
const KEY = 'kopilka.offlineCard';
/** The service worker's cache of pages (public/sw.js): no personal data, but cleared on logout too. */
export const PAGES_CACHE = 'kopilka-pages-v1';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function saveOfflineCard(card: LoyaltyCard, savedAt: Date) {
  storage()?.setItem(KEY, JSON.stringify({ card, savedAt: savedAt.toISOString() } satisfies OfflineCard));
}

export function readOfflineCard(): OfflineCard | null {
  try {
    const raw = storage()?.getItem(KEY);
    const parsed = raw ? (JSON.parse(raw) as OfflineCard) : null;
    return parsed?.card?.cardNum && parsed.card.qrSalt && parsed.savedAt ? parsed : null;
  } catch {
    return null;
  }
}

/** Forgets the offline card and the service worker's page cache (logout, a lost session, a deleted account). */
export async function forgetOfflineCard(): Promise<void> {
  storage()?.removeItem(KEY);
  try {
    if (typeof caches !== 'undefined') await caches.delete(PAGES_CACHE);
  } catch {
    // No Cache Storage (an insecure origin, a private window): nothing was kept there.
  }
}
