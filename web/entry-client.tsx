import { hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { SSR_DATA_ELEMENT_ID } from '../common/ssr';
import { AppView } from './app/app-view';
import { Document } from './app/document';
import { hydratedRouteError, type HydrationPayload } from './app/hydration-data';
import { Providers } from './app/providers';
import { createRoutes } from './app/routes';
import { loadPage, locationOf, type RouteState } from './lib/router/route-state';
import { matchPage, type PageRoute, type RouteDeps } from './lib/router/route-table';
import { RouterProvider } from './lib/router/router-provider';
import { afterNextPaint, yieldToMain } from './ui/after-first-paint';
import { createApiClient } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
import { markSessionLost } from './lib/session';
import './styles/tokens.css';
import './styles/global.css';
import './styles/shell.css';
import './styles/popups.css';
import './styles/footer.css';
import './styles/home.css';
import './styles/forms.css';
import './styles/auth.css';
import './styles/content.css';
import './styles/campaigns.css';
import './styles/content-pages.css';
import './styles/map.css';
import './styles/bonus.css';
import './styles/bank-picker.css';
import './styles/payments.css';
import './styles/payment-receipt.css';
import './styles/payment-coupon.css';
import './styles/switch.css';
import './styles/gift-cards.css';
import './styles/gift-card-pages.css';
import './styles/cabinet.css';
import './styles/cabinet-lists.css';
import './styles/cabinet-more.css';

/**
 * The state the server rendered, rebuilt: the same route, its error if it had one, and its page's module (the
 * server preloaded it with the entry), so the first client render matches the HTML. A module that cannot load
 * (a new build replaced it) becomes the page's error: the error page reloads or shows the notification bar.
 */
async function hydratedState(
  routes: PageRoute[],
  payload: HydrationPayload,
  prefetch: RouteDeps,
): Promise<RouteState> {
  const url = new URL(window.location.href);
  const location = locationOf(url);
  const match = matchPage(routes, location.pathname);
  const state = { location, match, status: payload.route.status };
  const error = hydratedRouteError(payload);
  if (error || !match) return { ...state, Component: null, error };
  try {
    // The page's prefetch (the cabinet's data) starts here, before hydration, not from its effects.
    return { ...state, Component: (await loadPage(match, url, prefetch)).Component, error: null };
  } catch (loadError) {
    return { ...state, Component: null, error: loadError };
  }
}

async function start() {
  const dataText = document.getElementById(SSR_DATA_ELEMENT_ID)?.textContent ?? '';
  const payload = JSON.parse(dataText) as HydrationPayload;
  const queryClient = createQueryClient();
  hydrate(queryClient, payload.query);
  const api = createApiClient({
    fetch: (path, init) => window.fetch(path, init),
    onSessionLost: markSessionLost,
  });
  const routes = createRoutes({ queryClient, api });
  const prefetch = { queryClient, api };
  // The server's HTML paints first, its largest picture with it, and hydration follows: on a slow phone the
  // page is readable a frame sooner, rather than after the scripts' first long task (decision 038).
  const [initial] = await Promise.all([hydratedState(routes, payload, prefetch), afterNextPaint()]);
  // The page's prefetch went out with its module; hydration gets a task of its own, so the two are not one long
  // task on a slow phone (decision 041).
  await yieldToMain();
  // Hydration in a transition: React yields to the browser every few milliseconds instead of holding the main
  // thread for the whole document (decision 038), and an early click or key still gets through.
  startTransition(() => {
    hydrateRoot(
      document,
      <Providers queryClient={queryClient} api={api}>
        <Document assets={payload.assets} data={dataText}>
          <RouterProvider routes={routes} initial={initial} prefetch={prefetch}>
            <AppView />
          </RouterProvider>
        </Document>
      </Providers>,
    );
  });
}

void start();
