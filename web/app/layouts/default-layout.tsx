import type { ReactNode } from 'react';
import { SiteFooter } from '#web/features/branding/site-footer';
import { SiteHeader } from '#web/features/navigation/site-header';
import { ru } from '#web/i18n/ru';
import { NotificationBar } from '#web/ui/notification-bar';
import { Overlay, PopupHost } from '#web/ui/popup-host';
import { ScrollToTop } from '#web/ui/scroll-to-top';

/** Spec "Layouts", default: navigation header, footer, notification bar, scroll-to-top, popup, overlay. */
export function DefaultLayout({
  showNavigation,
  showFooter,
  children,
}: {
  showNavigation: boolean;
  showFooter: boolean;
  children: ReactNode;
}) {
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {ru.shell.skipToContent}
      </a>
      {showNavigation && <SiteHeader />}
      <main id="main" className="shell__main" tabIndex={-1}>
        {children}
      </main>
      {showFooter && <SiteFooter />}
      <NotificationBar />
      <ScrollToTop />
      <Overlay />
      <PopupHost />
    </div>
  );
}
