import { useCallback, useRef } from 'react';
import { ru } from '#web/i18n/ru';
import { useSettings } from '#web/lib/settings';
import { CloseIcon } from '#web/ui/icons';
import { Logo } from '#web/ui/logo';
import { useShell } from '#web/ui/shell-state';
import { useFocusTrap } from '#web/ui/use-focus-trap';
import { useScrollLock } from '#web/ui/use-scroll-lock';
import { CabinetEntries } from './cabinet-entries';
import type { NavLink } from './nav-links';
import { NavItemLink } from './nav-item-link';

/** The mobile menu: slides in from the side (84% wide, 50% from 768 px), together with the overlay. */
export function MobileMenu({ links, hasCabinet }: { links: NavLink[]; hasCabinet: boolean }) {
  const settings = useSettings();
  const { isMenuOpen, setMenuOpen } = useShell();
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setMenuOpen(false), [setMenuOpen]);
  useFocusTrap(ref, isMenuOpen, close);
  useScrollLock(isMenuOpen);
  return (
    <div
      id="mobile-menu"
      ref={ref}
      className={`mobile-menu${isMenuOpen ? ' mobile-menu--open' : ''}`}
      role="dialog"
      aria-modal="true"
      aria-label={ru.nav.menu}
      aria-hidden={!isMenuOpen}
      inert={!isMenuOpen}
    >
      <div className="mobile-menu__head">
        <Logo src={settings.logo} alt={settings.title} />
        <button type="button" className="icon-button" aria-label={ru.nav.closeMenu} onClick={close}>
          <CloseIcon />
        </button>
      </div>
      <nav className="mobile-menu__links" aria-label={ru.nav.mainNavigation}>
        {links.map((link) => (
          <NavItemLink key={link.to} link={link} onClick={close} />
        ))}
      </nav>
      {hasCabinet && (
        <div className="mobile-menu__cabinet">
          <CabinetEntries variant="mobile" onChoose={close} />
        </div>
      )}
    </div>
  );
}
