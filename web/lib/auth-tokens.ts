/** The spec's two local-storage keys for the token pair. */
export const ACCESS_TOKEN_KEY = 'accessToken';
export const REFRESH_TOKEN_KEY = 'refreshToken';

const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage is blocked (cookies disabled): behave as logged out.
    return null;
  }
}

export function readAccessToken(): string | null {
  return storage()?.getItem(ACCESS_TOKEN_KEY) ?? null;
}

export function readRefreshToken(): string | null {
  return storage()?.getItem(REFRESH_TOKEN_KEY) ?? null;
}

export function saveTokens(access: string, refresh: string) {
  storage()?.setItem(ACCESS_TOKEN_KEY, access);
  storage()?.setItem(REFRESH_TOKEN_KEY, refresh);
  listeners.forEach((l) => l());
}

/** The offline card (web/lib/offline-card.ts) goes with the tokens: no session, nothing kept for offline use. */
const OFFLINE_CARD_KEY = 'kopilka.offlineCard';

export function clearTokens() {
  storage()?.removeItem(ACCESS_TOKEN_KEY);
  storage()?.removeItem(REFRESH_TOKEN_KEY);
  storage()?.removeItem(OFFLINE_CARD_KEY);
  listeners.forEach((l) => l());
}

/** For useSyncExternalStore: changes in this tab and in others. */
export function subscribeTokens(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === ACCESS_TOKEN_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
