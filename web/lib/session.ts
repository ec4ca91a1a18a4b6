import { useSyncExternalStore } from 'react';
import type { ApiClient } from './api-client';
import { clearTokens, readAccessToken, subscribeTokens } from './auth-tokens';

/**
 * Whether a token pair is stored (spec section 4, "Startup"). The server renders the logged-out view; the
 * browser switches after hydration, so the first paint and the hydrated page agree.
 */
export function useIsLoggedIn(): boolean {
  return useSyncExternalStore(
    subscribeTokens,
    () => readAccessToken() !== null,
    () => false,
  );
}

let sessionLost = false;
const lostListeners = new Set<() => void>();

/** Spec section 8: a refused refresh (or another 401) sets the authorization error until the page reloads. */
export function markSessionLost() {
  sessionLost = true;
  lostListeners.forEach((listener) => listener());
}

export function useSessionLost(): boolean {
  return useSyncExternalStore(
    (listener) => {
      lostListeners.add(listener);
      return () => lostListeners.delete(listener);
    },
    () => sessionLost,
    () => false,
  );
}

/** Ends the session on the server (its tokens stop working everywhere), then forgets it here. */
export async function logout(api: ApiClient) {
  try {
    await api.request('GET /api/user/logout');
  } catch {
    // Already ended or unreachable: forgetting the tokens here is what matters to this browser.
  }
  clearTokens();
}
