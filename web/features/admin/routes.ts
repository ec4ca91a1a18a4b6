import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/page-routes';

/*
 * The operator's console (docs/decisions/026): its own routes beside the customer site's layout, each page a
 * lazy chunk, so none of it reaches the customer pages' first load. Its data is fetched in the browser (the
 * session is a cookie the server's render does not pass on).
 */

const layout = lazyPage('admin-layout', () =>
  import('./admin-layout').then((m) => ({ Component: m.AdminLayout })),
);
const home = lazyPage('admin-layout', () =>
  import('./admin-layout').then((m) => ({ Component: m.AdminHomePage })),
);
const login = lazyPage('admin-login-page', () =>
  import('./admin-login-page').then((m) => ({ Component: m.AdminLoginPage })),
);
const staff = lazyPage('admin-staff-page', () =>
  import('./admin-staff-page').then((m) => ({ Component: m.StaffPage })),
);
const audit = lazyPage('admin-audit-page', () =>
  import('./admin-audit-page').then((m) => ({ Component: m.AuditPage })),
);
const tillKeys = lazyPage('admin-till-keys-page', () =>
  import('./admin-till-keys-page').then((m) => ({ Component: m.TillKeysPage })),
);

const route = (page: typeof layout, extra: RouteObject = {}): RouteObject =>
  ({ ...extra, lazy: page.lazy, handle: { chunk: page.chunk } }) as RouteObject;

export function adminRoutes(): RouteObject[] {
  return [
    route(login, { path: '/admin/login' }),
    route(layout, {
      path: '/admin',
      children: [
        route(home, { index: true }),
        route(staff, { path: 'staff' }),
        route(audit, { path: 'audit' }),
        route(tillKeys, { path: 'till-keys' }),
      ],
    }),
  ];
}
