import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Router } from 'wouter';
import { prepareRoute, type RouteState } from './route-state';
import type { PageRoute, RouteDeps } from './route-table';

export interface NavigateOptions {
  replace?: boolean;
}

/** Goes to `to` once its page is ready (module and data); resolves when the new page is committed. */
export type Navigate = (to: string, options?: NavigateOptions) => Promise<void>;

interface RouterValue {
  state: RouteState;
  navigate: Navigate;
}

const RouterContext = createContext<RouterValue | null>(null);

export function useRouterValue(): RouterValue {
  const value = useContext(RouterContext);
  if (!value) throw new Error('a route hook is used outside <RouterProvider>');
  return value;
}

/** The current route's state, for components that render the router's outcome (layouts, the outlet). */
export const useRouteState = () => useRouterValue().state;

// wouter's Link and useSearchParams read the location through these hooks, so they follow our state (which
// changes only when the next page is ready) rather than the browser's address.
const useBridgedLocation = (): [string, (to: string, options?: NavigateOptions) => void] => {
  const { state, navigate } = useRouterValue();
  return [state.location.pathname, (to, options) => void navigate(to, options)];
};
const useBridgedSearch = () => useRouterValue().state.location.search;

const sameAddress = (url: URL) =>
  url.pathname === window.location.pathname &&
  url.search === window.location.search &&
  url.hash === window.location.hash;

/**
 * Holds where the site is. In the browser a navigation prepares the next page first (its module and its
 * loader's data), then updates history and renders it in a transition, so the page in view stays until the
 * next one can show whole; a newer navigation supersedes an older one still preparing. On the server (and in
 * the first client render) it only holds the state it was given.
 */
export function RouterProvider({
  routes,
  initial,
  prefetch,
  children,
}: {
  routes: PageRoute[];
  initial: RouteState;
  /** The browser's: pages prefetch what they will ask for as their module arrives (decision 041). */
  prefetch?: RouteDeps;
  children: ReactNode;
}) {
  const [state, setState] = useState(initial);
  const latest = useRef(0);
  const scrollToTop = useRef(false);

  const navigate = useCallback<Navigate>(
    async (to, options = {}) => {
      const url = new URL(to, window.location.href);
      if (url.origin !== window.location.origin) return window.location.assign(url.href);
      const id = ++latest.current;
      const next = await prepareRoute(routes, url, prefetch);
      if (id !== latest.current) return;
      const address = url.pathname + url.search + url.hash;
      if (options.replace || sameAddress(url)) window.history.replaceState(null, '', address);
      else {
        // Another page starts at its top, as a document load would; a new query on the same page (a tab) stays.
        scrollToTop.current = !url.hash && url.pathname !== window.location.pathname;
        window.history.pushState(null, '', address);
      }
      startTransition(() => setState(next));
    },
    [routes, prefetch],
  );

  // Back and forward: the browser has moved already; the page follows once it is ready.
  useEffect(() => {
    const onPopState = () => {
      const id = ++latest.current;
      void prepareRoute(routes, new URL(window.location.href), prefetch).then((next) => {
        if (id === latest.current) startTransition(() => setState(next));
      });
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [routes, prefetch]);

  // Back and forward keep where the browser puts them.
  useLayoutEffect(() => {
    if (!scrollToTop.current) return;
    scrollToTop.current = false;
    window.scrollTo(0, 0);
  }, [state]);

  const value = useMemo(() => ({ state, navigate }), [state, navigate]);
  return (
    <RouterContext.Provider value={value}>
      <Router hook={useBridgedLocation} searchHook={useBridgedSearch}>
        {children}
      </Router>
    </RouterContext.Provider>
  );
}
