import { useSyncExternalStore } from 'react';
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

/** Forgets the session in this browser. */
export function forgetSession() {
  clearTokens();
}
