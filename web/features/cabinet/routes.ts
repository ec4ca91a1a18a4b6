import type { RouteObject } from 'react-router';
import { ru } from '../../i18n/ru';
import { lazyPage, type PageKit } from '../../lib/page-routes';

const loginPage = lazyPage('login-page', () =>
  import('./login-page').then((m) => ({ Component: m.LoginPage })),
);
const profilePage = lazyPage('profile-page', () =>
  import('./profile-page').then((m) => ({ Component: m.ProfilePage })),
);
const registrationPage = lazyPage('registration-page', () =>
  import('./registration-page').then((m) => ({ Component: m.RegistrationPage })),
);
const sessionPage = lazyPage('session-page', () =>
  import('./session-page').then((m) => ({ Component: m.SessionPage })),
);

/**
 * The cabinet's pages. Nothing is loaded on the server: the customer's data needs the tokens, which live in
 * the browser (docs/decisions/008).
 */
export function cabinetRoutes({ page }: PageKit): RouteObject[] {
  return [
    page('login', { module: 'cabinet', title: ru.pages.login }, loginPage),
    page('profile', { module: 'cabinet', title: ru.pages.profile }, profilePage),
    page('registration', { module: 'cabinet', title: ru.pages.registration }, registrationPage),
    page('session', { module: 'cabinet', title: ru.pages.session }, sessionPage),
  ];
}
