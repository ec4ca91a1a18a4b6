import { forwardRef, useEffect, type AnchorHTMLAttributes } from 'react';
import { Link as WouterLink } from 'wouter';
import { useLocation, useNavigate } from './hooks';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path from the root (`/news/1`), or a query for the current page (`?page=2`). */
  to: string;
  replace?: boolean;
}

/** `to` as an href: a bare query belongs to the current path. */
function useHref(to: string): string {
  const { pathname } = useLocation();
  return to.startsWith('?') ? pathname + to : to;
}

/** An in-site link: a plain `<a href>` that navigates without reloading (modified clicks open as usual). */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, ...props }, ref) {
  return <WouterLink ref={ref} href={useHref(to)} {...props} />;
});

/** Whether the page at `pathname` is the link's place: the same path, or below it unless `end`. */
export function isActivePath(pathname: string, to: string, end = false): boolean {
  const here = pathname.toLowerCase().replace(/(.)\/+$/, '$1');
  const target = to
    .split('?')[0]!
    .toLowerCase()
    .replace(/(.)\/+$/, '$1');
  return here === target || (!end && target !== '/' && here.startsWith(`${target}/`));
}

/** A navigation link: `active` in its class and `aria-current="page"` while its page (or one below) is shown. */
export function NavLink({ end, className, ...props }: LinkProps & { end?: boolean }) {
  const active = isActivePath(useLocation().pathname, props.to, end);
  const classes = [className, active && 'active'].filter(Boolean).join(' ');
  return <Link {...props} className={classes || undefined} aria-current={active ? 'page' : undefined} />;
}

/** Goes to `to` as soon as it renders in the browser (on the server it renders nothing). */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace });
    // Once, as a redirect: a later render with another `to` is a new element.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
