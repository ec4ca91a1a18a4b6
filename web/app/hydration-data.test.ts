import { QueryClient } from '@tanstack/react-query';
import { isRouteErrorResponse, UNSAFE_ErrorResponseImpl } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routerHydrationState, serializePayload, type HydrationPayload } from './hydration-data';

const assets = { entry: '/assets/entry.js', styles: ['/assets/style.css'], preload: [] };

describe('the hydration payload', () => {
  it('cannot close its script element, whatever the data holds', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['header'], { title: '</script><script>alert(1)</script>' });
    const json = serializePayload({ loaderData: {}, errors: null }, queryClient, assets);
    expect(json).not.toContain('<');
    const payload = JSON.parse(json) as HydrationPayload;
    expect(payload.query.queries[0]?.state.data).toEqual({ title: '</script><script>alert(1)</script>' });
  });

  it('carries a 404 to the browser as the error its boundary expects, and hides other errors', () => {
    const state = routerHydrationState(
      JSON.parse(
        serializePayload(
          {
            loaderData: { root: null },
            errors: {
              pages: new UNSAFE_ErrorResponseImpl(404, 'Not Found', null),
              other: new Error('connection string postgres://secret'),
            },
          },
          new QueryClient(),
          assets,
        ),
      ) as HydrationPayload,
    );
    const notFound = state.errors?.pages;
    expect(isRouteErrorResponse(notFound) && notFound.status).toBe(404);
    expect((state.errors?.other as Error).message).toBe('Ошибка');
  });
});
