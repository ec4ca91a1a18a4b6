import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import type { SsrRender, SsrResult } from '../common/ssr';
import { AppView } from './app/app-view';
import { Document } from './app/document';
import { serializePayload } from './app/hydration-data';
import { Providers } from './app/providers';
import { createRoutes } from './app/routes';
import { createApiClient } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
import { prepareRoute } from './lib/router/route-state';
import { RouterProvider } from './lib/router/router-provider';
import { settingsQuery } from './lib/settings';

const RENDER_TIMEOUT_MS = 10_000;

/**
 * Renders one request: the route's loaders fill the query cache through the in-process API, then React
 * renders the whole document. Streaming starts once everything is ready, so the page never needs inline
 * scripts to patch itself (the CSP allows none).
 */
export const render: SsrRender = async (request) => {
  const queryClient = createQueryClient();
  const api = createApiClient({ fetch: request.fetchApi, getAccessToken: () => null });
  try {
    await queryClient.fetchQuery(settingsQuery(api));
  } catch {
    return unavailable();
  }
  const routes = createRoutes({ queryClient, api });
  const route = await prepareRoute(routes, new URL(request.url));
  // The matched page's module loads with the entry, so hydration need not wait for it.
  const pageChunks = request.routeChunks[route.match?.route.handle.chunk ?? ''] ?? [];
  const assets = { ...request.assets, preload: [...new Set([...request.assets.preload, ...pageChunks])] };
  const data = serializePayload(route, queryClient, assets);
  return new Promise<SsrResult>((resolve, reject) => {
    const stream = new PassThrough();
    const { pipe, abort } = renderToPipeableStream(
      <Providers queryClient={queryClient} api={api}>
        <Document assets={assets} data={data}>
          <RouterProvider routes={routes} initial={route}>
            <AppView />
          </RouterProvider>
        </Document>
      </Providers>,
      {
        onAllReady() {
          pipe(stream);
          resolve({ status: route.status, stream });
        },
        onShellError: reject,
        onError(error) {
          // Reported by the server's logger through the rejected promise or the error boundary.
          if (process.env.NODE_ENV !== 'production') console.error(error);
        },
      },
    );
    setTimeout(() => abort(), RENDER_TIMEOUT_MS).unref();
  });
};

/** Without the brand's settings there is nothing to render: a plain page that asks to come back. */
function unavailable(): SsrResult {
  const stream = new PassThrough();
  stream.end(
    '<!DOCTYPE html><html lang="ru"><head><meta charset="utf-8"><title>Сервис недоступен</title></head>' +
      '<body><h1>Сервис временно недоступен</h1><p>Попробуйте обновить страницу через минуту.</p></body></html>',
  );
  return { status: 503, stream };
}
