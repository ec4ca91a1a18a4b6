import type { QueryClient } from '@tanstack/react-query';
import { data, type RouteObject } from 'react-router';
import { isModuleEnabled, type ModuleId } from '../../common/lib/modules';
import { ru } from '../i18n/ru';
import { ApiError, type ApiClient } from '../lib/api-client';
import { newsListQuery, pointsQuery } from '../lib/content';
import { mapSettingsQuery } from '../lib/map-settings';
import { settingsQuery } from '../lib/settings';
import { rulesQuery } from '../features/about/api';
import { contactsQuery } from '../features/contacts/api';
import { customQuery } from '../features/custom/api';
import { countdownQuery } from '../features/countdown/api';
import { faqQuery } from '../features/faq/api';
import { joinQuery } from '../features/join/api';
import { newsItemQuery } from '../features/news/api';
import { parsePointId, retailPointQuery } from '../features/loyalty/payment-api';
import { pointQuery } from '../features/points/api';
import {
  giftCardDiscountQuery,
  giftCardImagesQuery,
  publicGiftCardQuery,
} from '../features/gift-cards/gift-card-queries';
import { lazyPage, type LazyPage } from './lazy-page';
import { RootLayout } from './layouts/root-layout';
import { PageErrorBoundary } from './pages/page-error';

/** What a route declares about itself; the layout and the section page read it. */
export interface PageHandle {
  /** The module the page belongs to: when the settings disable it, the page answers 404. */
  module?: ModuleId;
  /** The page's heading, where the module's own name (from the settings) is not used. */
  title?: string;
  hideFooter?: boolean;
  /** The built chunk of the page's module, preloaded with the first HTML. */
  chunk?: string;
}

export interface RouteDeps {
  queryClient: QueryClient;
  api: ApiClient;
}

/** A page whose own screen is built by a later issue: its heading, inside the full layout. */
const sectionPage = lazyPage('section-page', () =>
  import('./pages/section-page').then((m) => ({ Component: m.SectionPage })),
);
const uiKitPage = lazyPage('ui-kit-page', () =>
  import('./pages/ui-kit-page').then((m) => ({ Component: m.UiKitPage })),
);
const homePage = lazyPage('home-page', () =>
  import('../features/home/home-page').then((m) => ({ Component: m.HomePage })),
);
const aboutPage = lazyPage('about-page', () =>
  import('../features/about/about-page').then((m) => ({ Component: m.AboutPage })),
);
const faqPage = lazyPage('faq-page', () =>
  import('../features/faq/faq-page').then((m) => ({ Component: m.FaqPage })),
);
const newsListPage = lazyPage('news-list-page', () =>
  import('../features/news/news-list-page').then((m) => ({ Component: m.NewsListPage })),
);
const newsItemPage = lazyPage('news-item-page', () =>
  import('../features/news/news-item-page').then((m) => ({ Component: m.NewsItemPage })),
);
const pointsPage = lazyPage('points-page', () =>
  import('../features/points/points-page').then((m) => ({ Component: m.PointsPage })),
);
const pointPage = lazyPage('point-page', () =>
  import('../features/points/point-page').then((m) => ({ Component: m.PointPage })),
);
const contactsPage = lazyPage('contacts-page', () =>
  import('../features/contacts/contacts-page').then((m) => ({ Component: m.ContactsPage })),
);
const joinPage = lazyPage('join-page', () =>
  import('../features/join/join-page').then((m) => ({ Component: m.JoinPage })),
);
const loginPage = lazyPage('login-page', () =>
  import('../features/cabinet/login-page').then((m) => ({ Component: m.LoginPage })),
);
const countdownPage = lazyPage('countdown-page', () =>
  import('../features/countdown/countdown-page').then((m) => ({ Component: m.CountdownPage })),
);
const mapPage = lazyPage('map-page', () =>
  import('../features/map/map-page').then((m) => ({ Component: m.MapPage })),
);
const bonusPage = lazyPage('bonus-page', () =>
  import('../features/bonus/bonus-page').then((m) => ({ Component: m.BonusPage })),
);
const customPage = lazyPage('custom-page', () =>
  import('../features/custom/custom-page').then((m) => ({ Component: m.CustomPage })),
);

const loyaltyPage = lazyPage('loyalty-page', () =>
  import('../features/loyalty/loyalty-page').then((m) => ({ Component: m.LoyaltyPage })),
);
const loyaltyFinishPage = lazyPage('finish-page', () =>
  import('../features/loyalty/finish-page').then((m) => ({ Component: m.LoyaltyFinishPage })),
);
const oldPaymentPage = lazyPage('old-payment-page', () =>
  import('../features/loyalty/old-payment-page').then((m) => ({ Component: m.OldPaymentPage })),
);

const giftCardSalePage = lazyPage('sale-page', () =>
  import('../features/gift-cards/sale-page').then((m) => ({ Component: m.GiftCardSalePage })),
);
const giftCardEndPaymentPage = lazyPage('end-payment-page', () =>
  import('../features/gift-cards/end-payment-page').then((m) => ({ Component: m.GiftCardEndPaymentPage })),
);
const giftCardResultPage = lazyPage('result-page', () =>
  import('../features/gift-cards/result-page').then((m) => ({ Component: m.GiftCardResultPage })),
);
const giftCardCompanyPage = lazyPage('company-page', () =>
  import('../features/gift-cards/company-page').then((m) => ({ Component: m.GiftCardCompanyPage })),
);
const giftCardCompanyConfirmPage = lazyPage('company-confirm-page', () =>
  import('../features/gift-cards/company-confirm-page').then((m) => ({
    Component: m.GiftCardCompanyConfirmPage,
  })),
);
const giftCardCompanyResultPage = lazyPage('company-result-page', () =>
  import('../features/gift-cards/company-result-page').then((m) => ({
    Component: m.GiftCardCompanyResultPage,
  })),
);
const publicGiftCardPage = lazyPage('public-card-page', () =>
  import('../features/gift-cards/public-card-page').then((m) => ({ Component: m.PublicGiftCardPage })),
);

const profilePage = lazyPage('profile-page', () =>
  import('../features/cabinet/profile-page').then((m) => ({ Component: m.ProfilePage })),
);
const registrationPage = lazyPage('registration-page', () =>
  import('../features/cabinet/registration-page').then((m) => ({ Component: m.RegistrationPage })),
);
const sessionPage = lazyPage('session-page', () =>
  import('../features/cabinet/session-page').then((m) => ({ Component: m.SessionPage })),
);

const notFound = () => data(null, { status: 404, statusText: 'Not Found' });

/** An unknown item id is the page's 404, not an error. */
async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound();
    throw error;
  }
}

type Load = (params: Record<string, string | undefined>, url: URL) => Promise<unknown>;

/**
 * Every route of the spec (section 2), used by the server renderer and the browser alike, so an unknown path
 * or a disabled module's page answers 404 in both.
 */
export function createRoutes({ queryClient, api }: RouteDeps): RouteObject[] {
  const loadSettings = () => queryClient.ensureQueryData(settingsQuery(api));

  const page = (
    path: string | undefined,
    handle: PageHandle,
    page: LazyPage = sectionPage,
    load?: Load,
  ): RouteObject => ({
    ...(path === undefined ? { index: true } : { path }),
    handle: { ...handle, chunk: page.chunk },
    lazy: page.lazy,
    // Loaders fill the query cache, so the server renders the content and the browser never fetches it again.
    loader: async ({ params, request }) => {
      const settings = await loadSettings();
      if (handle.module && !isModuleEnabled(settings.modules, handle.module)) throw notFound();
      if (load) await load(params, new URL(request.url));
      return null;
    },
  });
  const ensure = queryClient.ensureQueryData.bind(queryClient);
  const loadHome: Load = async () => {
    const { modules } = await loadSettings();
    await Promise.all([
      isModuleEnabled(modules, 'news') && ensure(newsListQuery(api)),
      isModuleEnabled(modules, 'points') && ensure(pointsQuery(api)),
      isModuleEnabled(modules, 'points') && ensure(mapSettingsQuery(api)),
    ]);
  };

  // Pages with a map also load its tile settings, so the server's data block carries them.
  const loadPoints = () => Promise.all([ensure(pointsQuery(api)), ensure(mapSettingsQuery(api))]);
  // Spec "Route-entry loading": the custom page loads the custom module only while its headline is empty, so
  // once it has one it is fetched once and kept.
  const loadCustom = async () => {
    const query = customQuery(api);
    if (!queryClient.getQueryData(query.queryKey)?.headline) await queryClient.fetchQuery(query);
  };
  // A custom module lives at a path the operator chooses, so the catch-all route looks it up in the settings.
  const loadCustomOrNotFound: Load = async (params) => {
    const path = `/${params['*'] ?? ''}`.replace(/\/+$/, '');
    const { customModules } = await loadSettings();
    if (!customModules.some((m) => !m.disabled && m.path === path)) throw notFound();
    await loadCustom();
  };
  // The payment pages render the shop a QR names on the server; a missing one is the page's own error screen.
  const loadRetailPoint: Load = async (_params, url) => {
    const id = parsePointId(url.searchParams.get('p'));
    if (id !== null) await ensure(retailPointQuery(api, id)).catch(() => undefined);
  };
  // The gift-card form renders its pictures and the discount on the server.
  const loadGiftCardSale: Load = () =>
    Promise.all([ensure(giftCardImagesQuery(api)), ensure(giftCardDiscountQuery(api))]);
  const loadMapPoint: Load = async ({ title = '' }) => {
    const [{ points }] = await loadPoints();
    if (!points.some((p) => p.title === title || String(p.id) === title)) throw notFound();
  };

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
            page(undefined, { module: 'main' }, homePage, loadHome),
            page('about', { title: ru.pages.about }, aboutPage, () => ensure(rulesQuery(api))),
            page('bonus', { title: ru.pages.bonus }, bonusPage),
            page('contacts', { module: 'contacts', title: ru.pages.contacts }, contactsPage, () =>
              ensure(contactsQuery(api)),
            ),
            page('countdown', { module: 'countdown', title: ru.pages.countdown }, countdownPage, () =>
              ensure(countdownQuery(api)),
            ),
            page('faq', { module: 'faq', title: ru.pages.faq }, faqPage, () => ensure(faqQuery(api))),
            page('join', { module: 'join', title: ru.pages.join }, joinPage, () => ensure(joinQuery(api))),
            page('login', { module: 'cabinet', title: ru.pages.login }, loginPage),
            page('loyalty', { title: ru.pages.loyalty }, loyaltyPage, loadRetailPoint),
            page('loyalty/finish', { title: ru.pages.loyaltyFinish }, loyaltyFinishPage),
            page('loyalty/oldindex', { title: ru.pages.loyalty }, loyaltyPage, loadRetailPoint),
            page('loyalty/oldpayment', { title: ru.pages.loyalty }, oldPaymentPage, loadRetailPoint),
            page('map', { module: 'points', title: ru.pages.map }, mapPage, loadPoints),
            page('map/:title', { module: 'points', title: ru.pages.map }, mapPage, loadMapPoint),
            page('news', { module: 'news', title: ru.pages.news }, newsListPage, () =>
              ensure(newsListQuery(api)),
            ),
            page('news/:id', { module: 'news', title: ru.pages.news }, newsItemPage, ({ id = '' }) =>
              Promise.all([orNotFound(ensure(newsItemQuery(api, id))), loadPoints()]),
            ),
            page('points', { module: 'points', title: ru.pages.points }, pointsPage, loadPoints),
            page('points/:id', { module: 'points', title: ru.pages.points }, pointPage, ({ id = '' }) =>
              orNotFound(ensure(pointQuery(api, id))),
            ),
            page('profile', { module: 'cabinet', title: ru.pages.profile }, profilePage),
            page('registration', { module: 'cabinet', title: ru.pages.registration }, registrationPage),
            page('session', { module: 'cabinet', title: ru.pages.session }, sessionPage),
            page('ui', { title: ru.pages.ui }, uiKitPage),
            {
              path: 'gc',
              children: [
                page(
                  undefined,
                  { module: 'giftCards', title: ru.pages.giftCards },
                  giftCardSalePage,
                  loadGiftCardSale,
                ),
                page(
                  'sale',
                  { module: 'giftCards', title: ru.pages.giftCards },
                  giftCardSalePage,
                  loadGiftCardSale,
                ),
                page('endpayment', { title: ru.pages.giftCardPayment }, giftCardEndPaymentPage),
                page(
                  'Entity',
                  { module: 'giftCards', title: ru.pages.giftCardCompany },
                  giftCardCompanyPage,
                  loadGiftCardSale,
                ),
                page(
                  'Entity/confirm',
                  { module: 'giftCards', title: ru.pages.giftCardCompanyConfirm },
                  giftCardCompanyConfirmPage,
                ),
                page('Entity/result', { title: ru.pages.giftCardCompanyResult }, giftCardCompanyResultPage),
                page('result', { title: ru.pages.giftCardResult }, giftCardResultPage),
                page(
                  ':id',
                  { title: ru.pages.giftCard, hideFooter: true },
                  publicGiftCardPage,
                  ({ id = '' }) => orNotFound(ensure(publicGiftCardQuery(api, id))),
                ),
              ],
            },
            // Unknown paths answer 404 ('Страница не найдена', through the error boundary) unless a custom
            // module lives there.
            page('*', {}, customPage, loadCustomOrNotFound),
          ],
        },
      ],
    },
  ];
}
