import { NavLink } from '#web/lib/router/links';
import type { NavLink as NavItem } from './nav-links';

export function NavItemLink({ link, onClick }: { link: NavItem; onClick?: () => void }) {
  return (
    <NavLink className="nav-link" to={link.to} end={link.to === '/'} onClick={onClick}>
      {link.icon && <img className="nav-link__icon" src={link.icon} alt="" width={20} height={20} />}
      {link.label}
    </NavLink>
  );
}
