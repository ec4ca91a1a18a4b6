import { lazyPage, type PageKit, type PageRoute } from '#web/lib/page-routes';
import { faqQuery } from './api';

const faqPage = lazyPage('faq-page', () => import('./faq-page').then((m) => ({ Component: m.FaqPage })));

/** `/faq`: the questions and answers, rendered on the server. */
export function faqRoutes({ page, ensure, api }: PageKit): PageRoute[] {
  return [page('faq', { module: 'faq' }, faqPage, () => ensure(faqQuery(api)))];
}
