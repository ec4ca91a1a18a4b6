import { lazyPage, type Load, type PageKit, type PageRoute } from '#web/lib/page-routes';
import { parsePointId, retailPointQuery } from './retail-point';

const loyaltyPage = lazyPage('loyalty-page', () =>
  import('./loyalty-page').then((m) => ({ Component: m.LoyaltyPage })),
);
const loyaltyFinishPage = lazyPage('finish-page', () =>
  import('./finish-page').then((m) => ({ Component: m.LoyaltyFinishPage })),
);
const oldPaymentPage = lazyPage('old-payment-page', () =>
  import('./old-payment-page').then((m) => ({ Component: m.OldPaymentPage })),
);

/** The shop payment's pages: `/loyalty` (and the old QR's `/loyalty/oldindex`), its finish and the old payment. */
export function loyaltyRoutes({ page, ensure, api }: PageKit): PageRoute[] {
  // The payment pages render the shop a QR names on the server; a missing one is the page's own error screen.
  const loadRetailPoint: Load = async (_params, url) => {
    const id = parsePointId(url.searchParams.get('p'));
    if (id !== null) await ensure(retailPointQuery(api, id)).catch(() => undefined);
  };
  return [
    page('loyalty', {}, loyaltyPage, loadRetailPoint),
    page('loyalty/finish', {}, loyaltyFinishPage),
    page('loyalty/oldindex', {}, loyaltyPage, loadRetailPoint),
    page('loyalty/oldpayment', {}, oldPaymentPage, loadRetailPoint),
  ];
}
