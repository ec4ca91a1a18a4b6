import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { isRouteErrorResponse, UNSAFE_ErrorResponseImpl, type HydrationState } from 'react-router';
import type { SsrAssets } from '../../common/ssr';

/** What the server hands the hydrating browser: the router's state, the query cache and the assets. */
export interface HydrationPayload {
  router: { loaderData: Record<string, unknown>; errors: Record<string, SerializedError> | null };
  query: DehydratedState;
  assets: SsrAssets;
}

type SerializedError =
  | { kind: 'response'; status: number; statusText: string; data: unknown }
  | { kind: 'error'; message: string };

/** JSON for a `<script type="application/json">` block: `<` is escaped so no text can close the element. */
export function serializePayload(
  context: { loaderData: Record<string, unknown>; errors: Record<string, unknown> | null },
  queryClient: QueryClient,
  assets: SsrAssets,
): string {
  const errors = context.errors
    ? Object.fromEntries(
        Object.entries(context.errors).map(([id, error]): [string, SerializedError] => [
          id,
          isRouteErrorResponse(error)
            ? { kind: 'response', status: error.status, statusText: error.statusText, data: error.data }
            : { kind: 'error', message: 'Ошибка' },
        ]),
      )
    : null;
  const payload: HydrationPayload = {
    router: { loaderData: context.loaderData, errors },
    query: dehydrate(queryClient),
    assets,
  };
  return JSON.stringify(payload).replace(/</g, '\\u003c');
}

/** The router's hydration state with errors rebuilt as the objects route error boundaries expect. */
export function routerHydrationState(payload: HydrationPayload): HydrationState {
  const errors = payload.router.errors
    ? Object.fromEntries(
        Object.entries(payload.router.errors).map(([id, e]) => [
          id,
          e.kind === 'response'
            ? new UNSAFE_ErrorResponseImpl(e.status, e.statusText, e.data)
            : new Error(e.message),
        ]),
      )
    : null;
  return { loaderData: payload.router.loaderData, errors };
}
