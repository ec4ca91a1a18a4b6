import { hydrate } from '@tanstack/react-query';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { SSR_DATA_ELEMENT_ID } from '../common/ssr';
import { Document } from './app/document';
import { routerHydrationState, type HydrationPayload } from './app/hydration-data';
import { Providers } from './app/providers';
import { createRoutes } from './app/routes';
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
import './styles/content-pages.css';
import './styles/map.css';
import './styles/bonus.css';
import './styles/bank-picker.css';
import './styles/payments.css';
import './styles/gift-cards.css';
import './styles/gift-card-pages.css';
import './styles/cabinet.css';
import './styles/cabinet-lists.css';
import './styles/cabinet-more.css';

/** The routes the server rendered are loaded before hydrating, so the first client render matches its HTML. */
async function loadMatchedRoutes(routes: RouteObject[]) {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches
      .filter((m) => typeof m.route.lazy === 'function')
      .map(async ({ route }) => {
        const module = await (route.lazy as () => Promise<Partial<RouteObject>>)();
        Object.assign(route, { ...module, lazy: undefined });
      }),
  );
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
  // If a chunk cannot load (a new build replaced it), hydrate anyway: the router meets the same failure and
  // its error boundary reloads the page or shows the notification bar.
  await loadMatchedRoutes(routes).catch(() => undefined);
  const router = createBrowserRouter(routes, { hydrationData: routerHydrationState(payload) });
  hydrateRoot(
    document,
    <Providers queryClient={queryClient} api={api}>
      <Document assets={payload.assets} data={dataText}>
        <RouterProvider router={router} />
      </Document>
    </Providers>,
  );
}

void start();
