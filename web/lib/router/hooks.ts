import { useRouterValue, type Navigate } from './router-provider';
import type { PageHandle } from './route-table';

// The route hooks pages use, named as React Router named them (the site used it until decision 038).
// `useSearchParams` is wouter's, reading our state through the provider's bridge.
export { useSearchParams } from 'wouter';

export const useNavigate = (): Navigate => useRouterValue().navigate;

/** The address of the page in view: it changes when the next page is ready, not when a navigation starts. */
export const useLocation = () => useRouterValue().state.location;

/** The current route's parameters (`:id`), percent-decoded. */
export const useParams = (): Record<string, string | undefined> => useRouterValue().state.match?.params ?? {};

/** What the current route declares about itself (the layout hides the footer by it). */
export const useRouteHandle = (): PageHandle => useRouterValue().state.match?.route.handle ?? {};
