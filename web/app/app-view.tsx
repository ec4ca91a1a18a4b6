import { RenderErrorBoundary, RouteOutlet } from '../lib/router/route-outlet';
import { useRouteState } from '../lib/router/router-provider';
import { RootLayout } from './layouts/root-layout';
import { renderPageError } from './pages/page-error';

/**
 * What the router shows: a site page inside the site's layout, or a standalone page (the console) alone. A
 * failure outside any page (the layout itself) still gets the error page rather than a blank document.
 */
export function AppView() {
  const { match, location } = useRouteState();
  return (
    <RenderErrorBoundary resetKey={location.pathname + location.search} renderError={renderPageError}>
      {match?.route.standalone ? <RouteOutlet renderError={renderPageError} /> : <RootLayout />}
    </RenderErrorBoundary>
  );
}
