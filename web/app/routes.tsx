import { createPageKit, lazyPage, type PageRoute, type RouteDeps } from '../lib/page-routes';
import { aboutRoutes } from '../features/about/routes';
import { adminRoutes } from '../features/admin/routes';
import { bonusRoutes } from '../features/bonus/routes';
import { cabinetRoutes } from '../features/cabinet/routes';
import { contactsRoutes } from '../features/contacts/routes';
import { countdownRoutes } from '../features/countdown/routes';
import { customRoutes } from '../features/custom/routes';
import { faqRoutes } from '../features/faq/routes';
import { giftCardRoutes } from '../features/gift-cards/routes';
import { homeRoutes } from '../features/home/routes';
import { joinRoutes } from '../features/join/routes';
import { loyaltyRoutes } from '../features/loyalty/routes';
import { mapRoutes } from '../features/map/routes';
import { newsRoutes } from '../features/news/routes';
import { pointsRoutes } from '../features/points/routes';

// bench/first-load-js.ts reads the handles of this table.
export type { PageHandle, PageRoute, RouteDeps } from '../lib/page-routes';

const uiKitPage = lazyPage('ui-kit-page', () =>
  import('./pages/ui-kit-page').then((m) => ({ Component: m.UiKitPage })),
);

/**
 * Every route of the spec (section 2), used by the server renderer and the browser alike, so an unknown path
 * or a disabled module's page answers 404 in both. Each feature declares its pages and their loaders in its
 * own routes.ts; this table only orders them: the first route that matches a path is its page.
 */
export function createRoutes(deps: RouteDeps): PageRoute[] {
  const kit = createPageKit(deps);
  return [
    // The operator's console: beside the site's layout, its pages in chunks of their own (decision 026).
    ...adminRoutes(),
    ...homeRoutes(kit),
    ...aboutRoutes(kit),
    ...bonusRoutes(kit),
    ...contactsRoutes(kit),
    ...countdownRoutes(kit),
    ...faqRoutes(kit),
    ...joinRoutes(kit),
    ...cabinetRoutes(kit),
    ...loyaltyRoutes(kit),
    ...mapRoutes(kit),
    ...newsRoutes(kit),
    ...pointsRoutes(kit),
    kit.page('ui', {}, uiKitPage),
    ...giftCardRoutes(kit),
    // Unknown paths answer 404 unless a custom module lives there: last, as the catch-all.
    ...customRoutes(kit),
  ];
}
