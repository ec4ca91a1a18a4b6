import { useEffect, useRef } from 'react';
import { ru } from '#web/i18n/ru';
import { useEmbeddedResize } from '#web/lib/embedding';
import { useOnlineStatus } from '#web/lib/online-status';
import { useSettings } from '#web/lib/settings';
import { useShell } from '#web/ui/shell-state';
import { useRouteHandle, useSearchParams } from '#web/lib/router/hooks';
import { RouteOutlet } from '#web/lib/router/route-outlet';
import { renderPageError } from '../pages/page-error';
import { ClearLayout } from './clear-layout';
import { DefaultLayout } from './default-layout';

/**
 * Chooses the layout (spec "Layouts"): `?view=clear` gives the clear one; the payment-only programme drops
 * the navigation; the gift card's own page hides the footer. Also runs what every page needs in the browser.
 */
export function RootLayout() {
  const [params] = useSearchParams();
  const settings = useSettings();
  const { hideFooter } = useRouteHandle();
  useEmbeddedResize();
  useConnectionNotices();
  useServiceWorker();
  useEffect(() => {
    // Tells tests (and anyone debugging) that the page's controls now respond.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  if (params.get('view') === 'clear') {
    return (
      <ClearLayout>
        <RouteOutlet renderError={renderPageError} />
      </ClearLayout>
    );
  }
  return (
    <DefaultLayout showNavigation={settings.loyaltyType !== 'onlyPayment'} showFooter={!hideFooter}>
      <RouteOutlet renderError={renderPageError} />
    </DefaultLayout>
  );
}

/** Offline pages and the update offer (docs/decisions/028): the notification bar asks before a new version runs. */
function useServiceWorker() {
  const { notify } = useShell();
  useEffect(() => {
    // Its own small chunk: the worker registers only after the page's load, so its code need not come first.
    void import('#web/lib/service-worker').then(({ registerServiceWorker }) =>
      registerServiceWorker((activate) =>
        notify({ message: ru.shell.updateReady, action: { label: ru.shell.update, run: activate } }),
      ),
    );
    // notify is the shell's state setter: stable, so this registers once per page load.
  }, [notify]);
}

/** The notification bar speaks while the connection is down (chunk errors are the page error boundary's). */
function useConnectionNotices() {
  const online = useOnlineStatus();
  const { notify, dismissNotice } = useShell();
  const wasOffline = useRef(false);
  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
      notify({ message: ru.shell.offline });
    } else if (wasOffline.current) {
      // Only the offline notice goes when the connection returns; other notices stay.
      wasOffline.current = false;
      dismissNotice();
    }
  }, [online, notify, dismissNotice]);
}
