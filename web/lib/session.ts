import { useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from './api-client';
import { clearTokens, readAccessToken, subscribeTokens } from './auth-tokens';
import { forgetPushSubscription } from './push-subscription';
import { forgetOfflineCard } from './offline-card';

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

/** Everything cached about the logged-in customer sits under this key, so one call forgets it all. */
export const USER_KEY = ['user'] as const;

/** Forgets the customer's cached data (on logout and on a new login, so no one sees another's cabinet). */
export function forgetUser(queryClient: QueryClient) {
  queryClient.removeQueries({ queryKey: USER_KEY });
}

/** Ends the session on the server (its tokens stop working everywhere), then forgets it here. */
export async function logout(api: ApiClient, queryClient: QueryClient) {
  // While the tokens still work: this browser stops taking the member's notifications (decision 077).
  await forgetPushSubscription(api);
  try {
    await api.request('GET /api/user/logout');
  } catch {
    // Already ended or unreachable: forgetting the tokens here is what matters to this browser.
  }
  clearTokens();
  forgetUser(queryClient);
  await forgetOfflineCard();
}

const noSubscription = () => () => {};

/** False while the server renders and the browser hydrates, true from the first browser-only render on. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
