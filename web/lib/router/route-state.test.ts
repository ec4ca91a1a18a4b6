import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../api-client';
import { isActivePath } from './links';
import { prepareRoute } from './route-state';
import { isRouteError, notFound, type PageRoute } from './route-table';

const Page = () => null;
const route = (path: string, extra: Partial<PageRoute> = {}): PageRoute => ({
  path,
  handle: {},
  page: { chunk: path, load: async () => ({ Component: Page }) },
  ...extra,
});
const at = (path: string) => new URL(path, 'http://shop.test');

describe('preparing a route', () => {
  it('starts the page module’s prefetch in the browser (deps given), never on the server', async () => {
    const seen: string[] = [];
    const withPrefetch = route('/profile', {
      page: {
        chunk: 'p',
        load: async () => ({ Component: Page, prefetch: (_deps, url) => void seen.push(url.search) }),
      },
    });
    await prepareRoute([withPrefetch], at('/profile'));
    expect(seen).toEqual([]);
    const deps = { queryClient: new QueryClient(), api: {} as ApiClient };
    await prepareRoute([withPrefetch], at('/profile?t=operations'), deps);
    expect(seen).toEqual(['?t=operations']);
  });

  it('loads the page and runs its loader with the parameters and the address', async () => {
    const seen: unknown[] = [];
    const routes = [
      route('/news/:id', { load: async (params, url) => void seen.push(params.id, url.search) }),
    ];
    const state = await prepareRoute(routes, at('/news/5?view=clear'));
    expect(state).toMatchObject({ Component: Page, error: null, status: 200 });
    expect(state.location).toEqual({ pathname: '/news/5', search: '?view=clear', hash: '' });
    expect(seen).toEqual(['5', '?view=clear']);
  });

  it('turns a loader’s notFound into a 404 that takes the page’s place', async () => {
    const state = await prepareRoute(
      [route('*', { load: async () => Promise.reject(notFound()) })],
      at('/x'),
    );
    expect(state.Component).toBeNull();
    expect(state.status).toBe(404);
    expect(isRouteError(state.error, 404)).toBe(true);
  });

  it('keeps any other failure (a module that did not load) as a 500 with its error', async () => {
    const failure = new Error('Failed to fetch dynamically imported module');
    const broken = route('/', { page: { chunk: 'x', load: () => Promise.reject(failure) } });
    expect(await prepareRoute([broken], at('/'))).toMatchObject({
      Component: null,
      error: failure,
      status: 500,
    });
  });

  it('answers the status a page module gives for its address', async () => {
    const own = route('/admin/*?', {
      page: {
        chunk: 'a',
        load: async () => ({
          Component: Page,
          status: (url: URL) => (url.pathname === '/admin' ? 200 : 404),
        }),
      },
    });
    expect((await prepareRoute([own], at('/admin'))).status).toBe(200);
    expect((await prepareRoute([own], at('/admin/nope'))).status).toBe(404);
  });

  it('answers 404 where no route matches', async () => {
    expect((await prepareRoute([route('/a')], at('/b'))).status).toBe(404);
  });
});

describe('a navigation link’s active state', () => {
  it.each([
    ['/news', '/news', false, true],
    ['/news/5', '/news', false, true],
    ['/newsletter', '/news', false, false],
    ['/news/5', '/news', true, false],
    ['/News/', '/news', true, true],
    ['/news', '/', true, false],
    ['/', '/', true, true],
  ])('at %s, a link to %s (end %s) is active: %s', (pathname, to, end, active) => {
    expect(isActivePath(pathname, to, end)).toBe(active);
  });
});
