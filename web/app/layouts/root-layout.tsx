import { useEffect, useRef } from 'react';
import { Outlet, useMatches, useSearchParams } from 'react-router';
import { ru } from '../../i18n/ru';
import { useEmbeddedResize } from '../../lib/embedding';
import { useOnlineStatus } from '../../lib/online-status';
import { registerServiceWorker } from '../../lib/service-worker';
import { useSettings } from '../../lib/settings';
import { useShell } from '../../ui/shell-state';
import type { PageHandle } from '../../lib/page-routes';
import { ClearLayout } from './clear-layout';
import { DefaultLayout } from './default-layout';

/**
 * Chooses the layout (spec "Layouts"): `?view=clear` gives the clear one; the payment-only programme drops
 * the navigation; the gift card's own page hides the footer. Also runs what every page needs in the browser.
 */
export function RootLayout() {
  const [params] = useSearchParams();
  const settings = useSettings();
  const matches = useMatches();
  useEmbeddedResize();
  useConnectionNotices();
  useServiceWorker();
  useEffect(() => {
    // Tells tests (and anyone debugging) that the page's controls now respond.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  const hideFooter = matches.some((m) => (m.handle as PageHandle | undefined)?.hideFooter);
  if (params.get('view') === 'clear') {
    return (
      <ClearLayout>
        <Outlet />
      </ClearLayout>
    );
  }
  return (
    <DefaultLayout showNavigation={settings.loyaltyType !== 'onlyPayment'} showFooter={!hideFooter}>
      <Outlet />
    </DefaultLayout>
  );
}

/** Offline pages and the update offer (docs/decisions/028): the notification bar asks before a new version runs. */
function useServiceWorker() {
  const { notify } = useShell();
  useEffect(() => {
    registerServiceWorker((activate) =>
      notify({ message: ru.shell.updateReady, action: { label: ru.shell.update, run: activate } }),
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
