import { Link } from '#web/lib/router/links';
import { ru } from '#web/i18n/ru';
import { useModuleEnabled, useSettings } from '#web/lib/settings';
import { MenuIcon } from '#web/ui/icons';
import { Logo } from '#web/ui/logo';
import { useShell } from '#web/ui/shell-state';
import { CabinetDropdown } from './cabinet-dropdown';
import { MobileMenu } from './mobile-menu';
import { NavItemLink } from './nav-item-link';
import { buildNavLinks } from './nav-links';

/**
 * The navigation header: logo to /, the module links, the cabinet menu; a burger below 1024 px. The mobile menu
 * is the header's sibling, not its child: the sticky header makes a stacking context (z 100), and a menu inside
 * it would sit under the overlay (z 900), which then takes every tap meant for the menu's links.
 */
export function SiteHeader() {
  const settings = useSettings();
  const hasCabinet = useModuleEnabled('cabinet');
  const { isMenuOpen, setMenuOpen } = useShell();
  const links = buildNavLinks(settings);
  return (
    <>
      <header className="site-header">
        <div className="container site-header__row">
          <Link to="/" className="site-header__logo" aria-label={ru.nav.logoAlt(settings.title)}>
            <Logo src={settings.logo} alt={settings.title} />
          </Link>
          <nav className="site-header__nav" aria-label={ru.nav.mainNavigation}>
            {links.map((link) => (
              <NavItemLink key={link.to} link={link} />
            ))}
          </nav>
          {hasCabinet && <CabinetDropdown />}
          <button
            type="button"
            className="icon-button site-header__burger"
            aria-label={ru.nav.openMenu}
            aria-expanded={isMenuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon />
          </button>
        </div>
      </header>
      <MobileMenu links={links} hasCabinet={hasCabinet} />
    </>
  );
}
