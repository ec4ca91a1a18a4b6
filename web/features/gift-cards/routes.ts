import type { RouteObject } from 'react-router';
import { ru } from '../../i18n/ru';
import { lazyPage, orNotFound, type Load, type PageKit } from '../../lib/page-routes';
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
export function giftCardRoutes({ page, ensure, api }: PageKit): RouteObject[] {
  // The gift-card form renders its pictures and the discount on the server.
  const loadSale: Load = () =>
    Promise.all([ensure(giftCardImagesQuery(api)), ensure(giftCardDiscountQuery(api))]);
  const sale = { module: 'giftCards', title: ru.pages.giftCards } as const;
  return [
    {
      path: 'gc',
      children: [
        page(undefined, sale, salePage, loadSale),
        page('sale', sale, salePage, loadSale),
        page('endpayment', { title: ru.pages.giftCardPayment }, endPaymentPage),
        page('Entity', { module: 'giftCards', title: ru.pages.giftCardCompany }, companyPage, loadSale),
        page(
          'Entity/confirm',
          { module: 'giftCards', title: ru.pages.giftCardCompanyConfirm },
          companyConfirmPage,
        ),
        page('Entity/result', { title: ru.pages.giftCardCompanyResult }, companyResultPage),
        page('result', { title: ru.pages.giftCardResult }, resultPage),
        page(':id', { title: ru.pages.giftCard, hideFooter: true }, publicCardPage, ({ id = '' }) =>
          orNotFound(ensure(publicGiftCardQuery(api, id))),
        ),
      ],
    },
  ];
}
