import { lazyPage, type PageKit, type PageRoute } from '#web/lib/page-routes';

const loginPage = lazyPage('login-page', () =>
  import('./login-page').then((m) => ({ Component: m.LoginPage })),
);
const profilePage = lazyPage('profile-page', () =>
  import('./profile-page').then((m) => ({ Component: m.ProfilePage, prefetch: m.prefetchProfile })),
);
const registrationPage = lazyPage('registration-page', () =>
  import('./registration-page').then((m) => ({ Component: m.RegistrationPage })),
);
const sessionPage = lazyPage('session-page', () =>
  import('./session-page').then((m) => ({ Component: m.SessionPage })),
);

/**
 * The cabinet's pages. Nothing is loaded on the server: the customer's data needs the tokens, which live in
 * the browser (docs/decisions/008). The browser starts /profile's data with its module (decision 041).
 */
export function cabinetRoutes({ page }: PageKit): PageRoute[] {
  return [
    page('login', { module: 'cabinet' }, loginPage),
    page('profile', { module: 'cabinet' }, profilePage),
    page('registration', { module: 'cabinet' }, registrationPage),
    page('session', { module: 'cabinet' }, sessionPage),
  ];
}
