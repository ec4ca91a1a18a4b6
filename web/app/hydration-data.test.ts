import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { isRouteError, RouteError } from '../lib/router/route-table';
import { hydratedRouteError, serializePayload, type HydrationPayload } from './hydration-data';

const assets = { entry: '/assets/entry.js', styles: ['/assets/style.css'], preload: [] };

describe('the hydration payload', () => {
  it('cannot close its script element, whatever the data holds', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['header'], { title: '</script><script>alert(1)</script>' });
    const json = serializePayload({ status: 200, error: null }, queryClient, assets);
    expect(json).not.toContain('<');
    const payload = JSON.parse(json) as HydrationPayload;
    expect(payload.query.queries[0]?.state.data).toEqual({ title: '</script><script>alert(1)</script>' });
    expect(hydratedRouteError(payload)).toBeNull();
  });

  it('carries a 404 to the browser as the error the error page expects', () => {
    const json = serializePayload({ status: 404, error: new RouteError(404) }, new QueryClient(), assets);
    const error = hydratedRouteError(JSON.parse(json) as HydrationPayload);
    expect(isRouteError(error, 404)).toBe(true);
  });

  it('hides what any other error said', () => {
    const json = serializePayload(
      { status: 500, error: new Error('connection string postgres://secret') },
      new QueryClient(),
      assets,
    );
    expect(json).not.toContain('secret');
    expect((hydratedRouteError(JSON.parse(json) as HydrationPayload) as Error).message).toBe('Ошибка');
  });
});
