import type { RouteObject } from 'react-router';
import { ru } from '../../i18n/ru';
import { lazyPage, type PageKit } from '../../lib/page-routes';
import { faqQuery } from './api';

const faqPage = lazyPage('faq-page', () => import('./faq-page').then((m) => ({ Component: m.FaqPage })));

/** `/faq`: the questions and answers, rendered on the server. */
export function faqRoutes({ page, ensure, api }: PageKit): RouteObject[] {
  return [page('faq', { module: 'faq', title: ru.pages.faq }, faqPage, () => ensure(faqQuery(api)))];
}
