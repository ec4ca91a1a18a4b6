import type { QueryClient } from '@tanstack/react-query';
import type { HeaderSettings } from '#common/contract/header';
import { isModuleEnabled } from '#common/lib/modules';
import { hasCode } from './api-errors';
import {
  notFound,
  type LazyPage,
  type Load,
  type PageHandle,
  type PageModule,
  type PageRoute,
  type RouteDeps,
} from './router/route-table';
import { settingsQuery } from './settings';

/*
 * What every feature's routes.ts builds its pages with; web/app/routes.tsx composes them into the route table
 * the server renderer and the browser share.
 */

export { notFound, type LazyPage, type Load, type PageHandle, type PageRoute, type RouteDeps };

/**
 * Declares a lazily loaded page. The chunk name lets the server preload the matched page's module with the
 * entry (`<link rel="modulepreload">`), so hydration does not wait for a second round trip.
 */
export function lazyPage(chunk: string, load: () => Promise<PageModule>): LazyPage {
  return { chunk, load };
}

/** An unknown item id is the page's 404, not an error. */
export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (hasCode(error, 'NOT_FOUND')) throw notFound();
    throw error;
  }
}

export interface PageKit extends RouteDeps {
  /**
   * A page of the site at `path` (from the root, without the leading slash; undefined for `/`) whose loader
   * loads the brand's settings, answers 404 for a disabled module, then loads the page's own data.
   */
  page(path: string | undefined, handle: PageHandle, page: LazyPage, load?: Load): PageRoute;
  /** The query cache's `ensureQueryData`: fetched once and kept. */
  ensure: QueryClient['ensureQueryData'];
  /** The brand's settings (modules, custom pages), loaded before anything else. */
  loadSettings(): Promise<HeaderSettings>;
}

export function createPageKit({ queryClient, api }: RouteDeps): PageKit {
  const loadSettings = () => queryClient.ensureQueryData(settingsQuery(api));
  const page: PageKit['page'] = (path, handle, page, load) => ({
    path: `/${path ?? ''}`,
    handle: { ...handle, chunk: page.chunk },
    page,
    // Loaders fill the query cache, so the server renders the content and the browser never fetches it again.
    load: async (params, url) => {
      const settings = await loadSettings();
      if (handle.module && !isModuleEnabled(settings.modules, handle.module)) throw notFound();
      if (load) await load(params, url);
    },
  });
  return { queryClient, api, page, ensure: queryClient.ensureQueryData.bind(queryClient), loadSettings };
}
