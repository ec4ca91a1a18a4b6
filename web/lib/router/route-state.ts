import type { ComponentType } from 'react';
import {
  isRouteError,
  matchPage,
  notFound,
  type PageModule,
  type PageRoute,
  type RouteDeps,
  type RouteMatch,
} from './route-table';

/** Where the router is and what it shows there: a page ready to render, or the error that took its place. */
export interface RouteState {
  /** The address as the page sees it: path and search (`?view=clear`), without the origin. */
  location: { pathname: string; search: string; hash: string };
  match: RouteMatch | null;
  /** The page's component, loaded; null when `error` is set. */
  Component: ComponentType | null;
  /** What a loader threw (a `RouteError` for 404), or the module that failed to load. */
  error: unknown;
  /** The HTTP status the server answers with. */
  status: number;
}

export const locationOf = (url: URL) => ({ pathname: url.pathname, search: url.search, hash: url.hash });

/** Loads a route's page module and, in the browser (`prefetch` given), starts the module's prefetch. */
export async function loadPage(match: RouteMatch, url: URL, prefetch?: RouteDeps): Promise<PageModule> {
  const module = await match.route.page.load();
  if (prefetch) module.prefetch?.(prefetch, url);
  return module;
}

/**
 * Matches `url`, loads the page's module and runs its loader at once, so the page renders with its data in the
 * query cache (the server renders it whole; a navigation shows it only when it is ready, never a half page).
 * The browser passes `prefetch`, so a page's own prefetch starts as soon as its module is here.
 */
export async function prepareRoute(routes: PageRoute[], url: URL, prefetch?: RouteDeps): Promise<RouteState> {
  const location = locationOf(url);
  const match = matchPage(routes, url.pathname);
  if (!match) return { location, match, Component: null, error: notFound(), status: 404 };
  try {
    const [module] = await Promise.all([
      loadPage(match, url, prefetch),
      match.route.load?.(match.params, url),
    ]);
    return { location, match, Component: module.Component, error: null, status: module.status?.(url) ?? 200 };
  } catch (error) {
    return { location, match, Component: null, error, status: isRouteError(error) ? error.status : 500 };
  }
}
