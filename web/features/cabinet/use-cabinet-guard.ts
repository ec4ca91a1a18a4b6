import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from '#web/lib/router/hooks';
import type { UserInfoResponse } from '#common/contract/cabinet';
import { USER_INFO_CODE } from '#common/contract/codes';
import { ApiError } from '#web/lib/api-client';
import { hasCode } from '#web/lib/api-errors';
import { clearTokens } from '#web/lib/auth-tokens';
import { markSessionLost, useHydrated, useIsLoggedIn } from '#web/lib/session';
import { useUserInfo } from './api';

export type CabinetPlace = 'profile' | 'registration';

export type GuardState =
  /** Rendering on the server, hydrating, or loading the user: the page shows only a loader. */
  | { status: 'pending' }
  /** Not logged in on /registration: the page starts with the phone confirmation. */
  | { status: 'anonymous' }
  /** Spec section 8 'Ошибка загрузки данных': the tokens are gone, the page says so. */
  | { status: 'error' }
  /** The server was not reached (no network, a basement shop): the tokens stay, /profile shows the offline card. */
  | { status: 'offline' }
  | { status: 'ready'; info: UserInfoResponse };

/** Keeps `?view=clear` (the clear layout) on the cabinet's own redirects. */
export function useCabinetPath() {
  const clear = new URLSearchParams(useLocation().search).get('view') === 'clear';
  return useCallback((path: string) => (clear ? `${path}?view=clear` : path), [clear]);
}

/** The session is gone ('Invalid Token' after a failed refresh) or the user is not found (spec section 8). */
const isAuthFailure = (error: unknown) => hasCode(error, 'INVALID_TOKEN', 'INVALID_REFRESH', 'NOT_FOUND');

/**
 * Spec section 4 "Access guard on entry pages". Not logged in: /registration stays (it begins with the phone),
 * anything else goes to /login. Logged in: the user info decides, /profile for a customer with a card ('actual',
 * code 0), /registration for a phone without one (code 3). A failed load goes to /login with the authorization
 * error; an error code in the answer logs out locally ('Ошибка загрузки данных').
 */
export function useCabinetGuard(place: CabinetPlace): GuardState {
  const hydrated = useHydrated();
  const loggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const pathOf = useCabinetPath();
  const info = useUserInfo(hydrated && loggedIn);
  const data = info.data;
  const badCode =
    data !== undefined && data.code !== USER_INFO_CODE.ok && data.code !== USER_INFO_CODE.noCard;
  // A call that never reached the server is no verdict on the session: keep the tokens (docs/decisions/028).
  const unreached = info.isError && !(info.error instanceof ApiError);
  const failed = info.isError && !unreached && !isAuthFailure(info.error);

  useEffect(() => {
    if (!hydrated) return;
    if (badCode || failed) {
      clearTokens();
      return;
    }
    if (!loggedIn) {
      if (place !== 'registration') void navigate(pathOf('/login'), { replace: true });
      return;
    }
    if (info.isError && isAuthFailure(info.error)) {
      clearTokens();
      markSessionLost();
      void navigate(pathOf('/login'), { replace: true });
    } else if (data?.code === USER_INFO_CODE.ok && place === 'registration') {
      void navigate(pathOf('/profile'), { replace: true });
    } else if (data?.code === USER_INFO_CODE.noCard && place === 'profile') {
      void navigate(pathOf('/registration'), { replace: true });
    }
  }, [hydrated, loggedIn, place, info.isError, info.error, data, badCode, failed, navigate, pathOf]);

  // Hydration renders what the server rendered, whatever a prefetch (decision 041) has put in the cache by then.
  if (!hydrated) return { status: 'pending' };
  if (badCode || failed) return { status: 'error' };
  if (unreached && !data) return { status: 'offline' };
  if (!loggedIn) return place === 'registration' ? { status: 'anonymous' } : { status: 'pending' };
  if (!data) return { status: 'pending' };
  return { status: 'ready', info: data };
}
