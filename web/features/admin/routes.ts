import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/page-routes';

/*
 * The operator's console (docs/decisions/026): one lazy route beside the customer site's layout; its pages and
 * their routes live in the console's own chunk (admin-app.tsx), so the customer pages' entry carries only this
 * route. Its data is fetched in the browser (the session is a cookie the server's render does not pass on).
 */
const adminApp = lazyPage('admin-app', () =>
  // The chunk's loader answers 404 for an unknown section (it knows the sections).
  import('./admin-app').then((m) => ({ Component: m.AdminApp, loader: m.adminLoader })),
);

export function adminRoutes(): RouteObject[] {
  return [{ path: '/admin/*', lazy: adminApp.lazy, handle: { chunk: adminApp.chunk } }];
}
