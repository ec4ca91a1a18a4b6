import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { data, type LoaderFunction, type RouteObject } from 'react-router';
import type { HeaderSettings } from '../../common/contract/header';
import { isModuleEnabled, type ModuleId } from '../../common/lib/modules';
import type { ApiClient } from './api-client';
import { hasCode } from './api-errors';
import { settingsQuery } from './settings';

/*
 * What every feature's routes.ts builds its pages with; web/app/routes.tsx composes them into the route table
 * the server renderer and the browser share.
 */

/** What a route declares about itself; the layout reads it. */
export interface PageHandle {
  /** The module the page belongs to: when the settings disable it, the page answers 404. */
  module?: ModuleId;
  /** The page's heading, where the module's own name (from the settings) is not used. */
  title?: string;
  hideFooter?: boolean;
  /** The built chunk of the page's module, preloaded with the first HTML. */
  chunk?: string;
}

export interface RouteDeps {
  queryClient: QueryClient;
  api: ApiClient;
}

/** A route's page module, loaded when the route is, with the name of its built chunk. */
export interface LazyPage {
  /** The module's file name without extension: the name the build gives its chunk. */
  chunk: string;
  lazy: NonNullable<RouteObject['lazy']>;
}

/**
 * Declares a lazily loaded page. The chunk name lets the server preload the matched page's module with the
 * entry (`<link rel="modulepreload">`), so hydration does not wait for a second round trip.
 */
export function lazyPage(
  chunk: string,
  load: () => Promise<{ Component: ComponentType; loader?: LoaderFunction }>,
): LazyPage {
  return { chunk, lazy: load };
}

export const notFound = () => data(null, { status: 404, statusText: 'Not Found' });

/** An unknown item id is the page's 404, not an error. */
export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (hasCode(error, 'NOT_FOUND')) throw notFound();
    throw error;
  }
}

/** A page's own loading: it fills the query cache from the route's params and address. */
export type Load = (params: Record<string, string | undefined>, url: URL) => Promise<unknown>;

export interface PageKit extends RouteDeps {
  /** A page route (an index route without `path`) whose loader answers 404 for a disabled module, then loads. */
  page(path: string | undefined, handle: PageHandle, page: LazyPage, load?: Load): RouteObject;
  /** The query cache's `ensureQueryData`: fetched once and kept. */
  ensure: QueryClient['ensureQueryData'];
  /** The brand's settings (modules, custom pages), loaded before anything else. */
  loadSettings(): Promise<HeaderSettings>;
}

export function createPageKit({ queryClient, api }: RouteDeps): PageKit {
  const loadSettings = () => queryClient.ensureQueryData(settingsQuery(api));
  const page: PageKit['page'] = (path, handle, page, load) => ({
    ...(path === undefined ? { index: true } : { path }),
    handle: { ...handle, chunk: page.chunk },
    lazy: page.lazy,
    // Loaders fill the query cache, so the server renders the content and the browser never fetches it again.
    loader: async ({ params, request }) => {
      const settings = await loadSettings();
      if (handle.module && !isModuleEnabled(settings.modules, handle.module)) throw notFound();
      if (load) await load(params, new URL(request.url));
      return null;
    },
  });
  return { queryClient, api, page, ensure: queryClient.ensureQueryData.bind(queryClient), loadSettings };
}
