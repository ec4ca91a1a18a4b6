import { lazyPage, notFound, type Load, type PageKit, type PageRoute } from '#web/lib/page-routes';
import { customQuery } from './api';

const customPage = lazyPage('custom-page', () =>
  import('./custom-page').then((m) => ({ Component: m.CustomPage })),
);

/**
 * The catch-all: a custom module lives at a path the operator chooses, so the route looks it up in the
 * settings; any other unknown path answers 404 ('Страница не найдена', through the error boundary).
 */
export function customRoutes({ page, queryClient, api, loadSettings }: PageKit): PageRoute[] {
  // Spec "Route-entry loading": the custom page loads the custom module only while its headline is empty, so
  // once it has one it is fetched once and kept.
  const loadCustom = async () => {
    const query = customQuery(api);
    if (!queryClient.getQueryData(query.queryKey)?.headline) await queryClient.fetchQuery(query);
  };
  const loadCustomOrNotFound: Load = async (params) => {
    const path = `/${params['*'] ?? ''}`.replace(/\/+$/, '');
    const { customModules } = await loadSettings();
    if (!customModules.some((m) => !m.disabled && m.path === path)) throw notFound();
    await loadCustom();
  };
  return [page('*', {}, customPage, loadCustomOrNotFound)];
}
