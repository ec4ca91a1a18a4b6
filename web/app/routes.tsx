import type { QueryClient } from '@tanstack/react-query';
import { data, type RouteObject } from 'react-router';
import { isModuleEnabled, type ModuleId } from '../../common/lib/modules';
import { ru } from '../i18n/ru';
import type { ApiClient } from '../lib/api-client';
import { settingsQuery } from '../lib/settings';
import { RootLayout } from './layouts/root-layout';
import { NotFoundPage } from './pages/not-found-page';
import { PageErrorBoundary } from './pages/page-error';

/** What a route declares about itself; the layout and the section page read it. */
export interface PageHandle {
  /** The module the page belongs to: when the settings disable it, the page answers 404. */
  module?: ModuleId;
  /** The page's heading, where the module's own name (from the settings) is not used. */
  title?: string;
  hideFooter?: boolean;
}

export interface RouteDeps {
  queryClient: QueryClient;
  api: ApiClient;
}

type Lazy = RouteObject['lazy'];

/** A page whose own screen is built by a later issue: its heading, inside the full layout. */
const sectionPage: Lazy = () => import('./pages/section-page').then((m) => ({ Component: m.SectionPage }));
const uiKitPage: Lazy = () => import('./pages/ui-kit-page').then((m) => ({ Component: m.UiKitPage }));
const homePage: Lazy = () => import('../features/home/home-page').then((m) => ({ Component: m.HomePage }));

/**
 * Every route of the spec (section 2), used by the server renderer and the browser alike, so an unknown path
 * or a disabled module's page answers 404 in both.
 */
export function createRoutes({ queryClient, api }: RouteDeps): RouteObject[] {
  const loadSettings = () => queryClient.ensureQueryData(settingsQuery(api));

  const page = (path: string | undefined, handle: PageHandle, lazy: Lazy = sectionPage): RouteObject => ({
    ...(path === undefined ? { index: true } : { path }),
    handle,
    lazy,
    loader: async () => {
      const settings = await loadSettings();
      if (handle.module && !isModuleEnabled(settings.modules, handle.module)) {
        throw data(null, { status: 404, statusText: 'Not Found' });
      }
      return null;
    },
  });

  return [
    {
      id: 'root',
      path: '/',
      Component: RootLayout,
      loader: async () => {
        await loadSettings();
        return null;
      },
      children: [
        {
          id: 'pages',
          ErrorBoundary: PageErrorBoundary,
          children: [
            page(undefined, { module: 'main' }, homePage),
            page('about', { title: ru.pages.about }),
            page('bonus', { title: ru.pages.bonus }),
            page('contacts', { module: 'contacts', title: ru.pages.contacts }),
            page('countdown', { module: 'countdown', title: ru.pages.countdown }),
            page('faq', { module: 'faq', title: ru.pages.faq }),
            page('join', { module: 'join', title: ru.pages.join }),
            page('login', { module: 'cabinet', title: ru.pages.login }),
            page('loyalty', { title: ru.pages.loyalty }),
            page('loyalty/finish', { title: ru.pages.loyaltyFinish }),
            page('loyalty/oldindex', { title: ru.pages.loyalty }),
            page('loyalty/oldpayment', { title: ru.pages.loyalty }),
            page('map', { module: 'points', title: ru.pages.map }),
            page('map/:title', { module: 'points', title: ru.pages.map }),
            page('news', { module: 'news', title: ru.pages.news }),
            page('news/:id', { module: 'news', title: ru.pages.news }),
            page('points', { module: 'points', title: ru.pages.points }),
            page('points/:id', { module: 'points', title: ru.pages.points }),
            page('profile', { module: 'cabinet', title: ru.pages.profile }),
            page('registration', { module: 'cabinet', title: ru.pages.registration }),
            page('session', { module: 'cabinet', title: ru.pages.session }),
            page('ui', { title: ru.pages.ui }, uiKitPage),
            {
              path: 'gc',
              children: [
                page(undefined, { module: 'giftCards', title: ru.pages.giftCards }),
                page('sale', { module: 'giftCards', title: ru.pages.giftCards }),
                page('endpayment', { title: ru.pages.giftCardPayment }),
                page('Entity', { module: 'giftCards', title: ru.pages.giftCardCompany }),
                page('Entity/confirm', { module: 'giftCards', title: ru.pages.giftCardCompanyConfirm }),
                page('Entity/result', { title: ru.pages.giftCardCompanyResult }),
                page('result', { title: ru.pages.giftCardResult }),
                page(':id', { title: ru.pages.giftCard, hideFooter: true }),
              ],
            },
            {
              path: '*',
              Component: NotFoundPage,
              loader: () => {
                throw data(null, { status: 404, statusText: 'Not Found' });
              },
            },
          ],
        },
      ],
    },
  ];
}
