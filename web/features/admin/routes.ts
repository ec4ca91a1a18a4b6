import { lazyPage, type PageRoute } from '#web/lib/page-routes';

/*
 * The operator's console (docs/decisions/026): one lazy route beside the customer site's layout; its pages
 * live in the console's own chunk (app.tsx), so the customer pages' entry carries only this route. Its
 * data is fetched in the browser (the session is a cookie the server's render does not pass on).
 */
const adminApp = lazyPage('app', () =>
  // The chunk answers 404 for an unknown section (it knows the sections).
  import('./app').then((m) => ({ Component: m.AdminApp, status: m.adminStatus })),
);

/** `/admin` and everything below it; before the site's catch-all, which would take these paths too. */
export function adminRoutes(): PageRoute[] {
  return [{ path: '/admin/*?', page: adminApp, handle: { chunk: adminApp.chunk }, standalone: true }];
}
