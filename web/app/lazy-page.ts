import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

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
export function lazyPage(chunk: string, load: () => Promise<{ Component: ComponentType }>): LazyPage {
  return { chunk, lazy: load };
}
