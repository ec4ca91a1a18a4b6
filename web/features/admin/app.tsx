import type { ComponentType } from 'react';
import type { Permission } from '#common/contract/permissions';
import { ruAdmin } from '#web/i18n/ru-admin';
import { useLocation } from '#web/lib/router/hooks';
import { AdminHomePage, AdminLayout } from './layout';
import { AdminLoginPage } from './login-page';
import consoleCss from './console.css?url';
import consoleNarrowCss from './console-narrow.css?url';
import { SECTIONS } from './sections';

/** Each section's page and the permission it needs (the server checks it again on every call), by its address. */
const PAGES: Record<string, { Page: ComponentType; permission?: Permission }> = {
  '': { Page: AdminHomePage },
  ...Object.fromEntries(SECTIONS.map((s) => [s.path.slice('/admin/'.length), s])),
};

/**
 * The section a console address names: `/admin/members/` is `members`, `/admin` is ''. A member has an address
 * of their own, `/admin/members/<id>` (decision 053), and so has a receipt, `/admin/receipts/<id>` (decision
 * 066), and a promo's printable codes, `/admin/coupons/<id>/print`: still their sections.
 */
const sectionOf = (pathname: string) =>
  pathname
    .replace(/^\/admin\/?/, '')
    .replace(/\/$/, '')
    .replace(/^(members|receipts)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, '$1')
    // A promo's printable codes (decision 064): still the coupons' section.
    .replace(/^coupons\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/print$/, 'coupons');

const known = (section: string) => section === 'login' || Object.hasOwn(PAGES, section);

/**
 * An unknown section answers 404 (rendered by the server too: the page needs no session to say so). A status,
 * not an error, so the console itself draws the answer rather than the site's error page.
 */
export const adminStatus = (url: URL) => (known(sectionOf(url.pathname)) ? 200 : 404);

/**
 * The operator's console under /admin (docs/decisions/026): one lazy chunk with its own pages and its own
 * stylesheet (linked here, hoisted into the head by React), so the customer pages' first load carries none of
 * it: the site's route table holds only the one lazy route that loads this. The pages are picked by path here
 * (not by a nested <Routes>, whose code would land in the shared entry).
 */
export function AdminApp() {
  const section = sectionOf(useLocation().pathname);
  const page = known(section) ? PAGES[section] : undefined;
  return (
    <>
      <link rel="stylesheet" href={consoleCss} precedence="default" />
      <link rel="stylesheet" href={consoleNarrowCss} precedence="default" />
      <title>{ruAdmin.title}</title>
      {section === 'login' ? (
        <AdminLoginPage />
      ) : page ? (
        <AdminLayout permission={page.permission}>
          <page.Page />
        </AdminLayout>
      ) : (
        <main className="admin-login">
          <h1>{ruAdmin.title}</h1>
          <p>{ruAdmin.notFound}</p>
          <a href="/admin">{ruAdmin.shell.home}</a>
        </main>
      )}
    </>
  );
}
