import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import type { SsrAssets } from '#common/ssr';
import { isRouteError, RouteError } from '../lib/router/route-table';
import type { RouteState } from '../lib/router/route-state';

/** What the server hands the hydrating browser: how the route ended, the query cache and the assets. */
export interface HydrationPayload {
  route: { status: number; error: SerializedError | null };
  query: DehydratedState;
  assets: SsrAssets;
}

type SerializedError = { kind: 'response'; status: number } | { kind: 'error'; message: string };

/** JSON for a `<script type="application/json">` block: `<` is escaped so no text can close the element. */
export function serializePayload(
  route: Pick<RouteState, 'status' | 'error'>,
  queryClient: QueryClient,
  assets: SsrAssets,
): string {
  // A 404 travels as its status; any other error only as the fact of one (its message may hold server detail).
  const error: SerializedError | null = !route.error
    ? null
    : isRouteError(route.error)
      ? { kind: 'response', status: route.error.status }
      : { kind: 'error', message: 'Ошибка' };
  const payload: HydrationPayload = {
    route: { status: route.status, error },
    query: dehydrate(queryClient),
    assets,
  };
  return JSON.stringify(payload).replace(/</g, '\\u003c');
}

/** The route's error as the server met it, rebuilt as the object the error page expects (null: none). */
export function hydratedRouteError(payload: HydrationPayload): unknown {
  const { error } = payload.route;
  if (!error) return null;
  return error.kind === 'response' ? new RouteError(error.status) : new Error(error.message);
}
