import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { parse } from 'regexparam';
import { matchRoute } from 'wouter';
import type { ModuleId } from '#common/lib/modules';
import type { ApiClient } from '../api-client';

/*
 * The route table the server renderer and the browser share (docs/decisions/038): an ordered list of pages,
 * each with its path pattern, its lazily loaded module and the loader that fills the query cache before it
 * renders. The first route whose pattern matches a path is its page, so a catch-all comes last.
 */

/** What a route declares about itself; the layout reads it. */
export interface PageHandle {
  /** The module the page belongs to: when the settings disable it, the page answers 404. */
  module?: ModuleId;
  hideFooter?: boolean;
  /** The built chunk of the page's module, preloaded with the first HTML. */
  chunk?: string;
}

/** A page's own loading: it fills the query cache from the route's params and address. */
export type Load = (params: Record<string, string | undefined>, url: URL) => Promise<unknown>;

/** The query cache and the API client, as the pages' loaders and prefetches use them. */
export interface RouteDeps {
  queryClient: QueryClient;
  api: ApiClient;
}

/** What a page module gives the router: its component and, for a page that knows its own paths, a check. */
export interface PageModule {
  Component: ComponentType;
  /** Run once the module is here: the HTTP status the page answers with (the console's unknown section). */
  status?: (url: URL) => number;
  /**
   * Browser only, run once the module is here: starts what the page will ask for with the browser's own
   * credentials (the cabinet's data, with the stored tokens), which the server never has (decision 041).
   */
  prefetch?: (deps: RouteDeps, url: URL) => void;
}

/** A route's page module, loaded when the route is, with the name of its built chunk. */
export interface LazyPage {
  /** The module's file name without extension: the name the build gives its chunk. */
  chunk: string;
  load: () => Promise<PageModule>;
}

export interface PageRoute {
  /** A regexparam pattern from the site's root: `/news/:id`, `/admin/*?`, `*`. Matched without case. */
  path: string;
  handle: PageHandle;
  page: LazyPage;
  /** Fills the query cache before the page renders; throws `notFound()` for an answer of 404. */
  load?: Load;
  /** Rendered without the site's layout (the operator's console). */
  standalone?: boolean;
}

export interface RouteMatch {
  route: PageRoute;
  params: Record<string, string | undefined>;
}

/** An answer other than the page: thrown by a loader (404), kept as the route's error. */
export class RouteError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
    this.name = 'RouteError';
  }
}

export const notFound = () => new RouteError(404);

export const isRouteError = (error: unknown, status?: number): error is RouteError =>
  error instanceof RouteError && (status === undefined || error.status === status);

/** A parameter as the page reads it: percent-decoded (a point's title may be Cyrillic), or as sent if broken. */
function decodeParam(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The first route whose pattern matches `pathname`, with its decoded parameters. */
export function matchPage(routes: PageRoute[], pathname: string): RouteMatch | null {
  for (const route of routes) {
    const [matches, params] = matchRoute(parse, route.path, pathname);
    if (!matches) continue;
    const named = Object.fromEntries(
      Object.entries(params as Record<string, string | undefined>)
        .filter(([key]) => !/^\d+$/.test(key))
        .map(([key, value]) => [key, decodeParam(value)]),
    );
    return { route, params: named };
  }
  return null;
}
