import { lazyPage, orNotFound, type Load, type PageKit, type PageRoute } from '#web/lib/page-routes';
import { giftCardDiscountQuery, giftCardImagesQuery, publicGiftCardQuery } from './gift-card-queries';

const salePage = lazyPage('sale-page', () =>
  import('./sale-page').then((m) => ({ Component: m.GiftCardSalePage })),
);
const endPaymentPage = lazyPage('end-payment-page', () =>
  import('./end-payment-page').then((m) => ({ Component: m.GiftCardEndPaymentPage })),
);
const resultPage = lazyPage('result-page', () =>
  import('./result-page').then((m) => ({ Component: m.GiftCardResultPage })),
);
const companyPage = lazyPage('company-page', () =>
  import('./company-page').then((m) => ({ Component: m.GiftCardCompanyPage })),
);
const companyConfirmPage = lazyPage('company-confirm-page', () =>
  import('./company-confirm-page').then((m) => ({ Component: m.GiftCardCompanyConfirmPage })),
);
const companyResultPage = lazyPage('company-result-page', () =>
  import('./company-result-page').then((m) => ({ Component: m.GiftCardCompanyResultPage })),
);
const publicCardPage = lazyPage('public-card-page', () =>
  import('./public-card-page').then((m) => ({ Component: m.PublicGiftCardPage })),
);

/**
 * The gift cards under `/gc` (decision 018): the sale form, the payment's end and result, the company's
 * purchase by invoice, and a recipient's card (an unknown id is 404).
 */
export function giftCardRoutes({ page, ensure, api }: PageKit): PageRoute[] {
  // The gift-card form renders its pictures and the discount on the server.
  const loadSale: Load = () =>
    Promise.all([ensure(giftCardImagesQuery(api)), ensure(giftCardDiscountQuery(api))]);
  const sale = { module: 'giftCards' } as const;
  // Static paths first: the first route that matches a path is its page, and `:id` matches any segment.
  return [
    page('gc', sale, salePage, loadSale),
    page('gc/sale', sale, salePage, loadSale),
    page('gc/endpayment', {}, endPaymentPage),
    page('gc/Entity', { module: 'giftCards' }, companyPage, loadSale),
    page('gc/Entity/confirm', { module: 'giftCards' }, companyConfirmPage),
    page('gc/Entity/result', {}, companyResultPage),
    page('gc/result', {}, resultPage),
    page('gc/:id', { hideFooter: true }, publicCardPage, ({ id = '' }) =>
      orNotFound(ensure(publicGiftCardQuery(api, id))),
    ),
  ];
}
