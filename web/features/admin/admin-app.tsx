import type { ComponentType } from 'react';
import { useLocation } from 'react-router';
import type { Permission } from '../../../common/contract/permissions';
import { ruAdmin } from '../../i18n/ru-admin';
import { AuditPage } from './admin-audit-page';
import { GiftCardsPage } from './admin-gift-cards-page';
import { AdminHomePage, AdminLayout } from './admin-layout';
import { AdminLoginPage } from './admin-login-page';
import { MembersPage } from './admin-members-page';
import { StaffPage } from './admin-staff-page';
import { TillKeysPage } from './admin-till-keys-page';
import { ReportsPage } from './admin-reports-page';
import adminCss from './admin.css?url';

/** Each section's page and the permission it needs (the server checks it again on every call). */
const PAGES: Record<string, { Page: ComponentType; permission?: Permission }> = {
  '': { Page: AdminHomePage },
  members: { Page: MembersPage, permission: 'members.read' },
  staff: { Page: StaffPage, permission: 'staff.read' },
  audit: { Page: AuditPage, permission: 'audit.read' },
  'till-keys': { Page: TillKeysPage, permission: 'tillKeys.read' },
  'gift-cards': { Page: GiftCardsPage, permission: 'invoices.read' },
  reports: { Page: ReportsPage, permission: 'reports.read' }, // decision 031
};

/**
 * The operator's console under /admin (docs/decisions/026): one lazy chunk with its own pages and its own
 * stylesheet (linked here, hoisted into the head by React), so the customer pages' first load carries none of
 * it: the site's route table holds only the one lazy route that loads this. The pages are picked by path here
 * (not by a nested <Routes>, whose code would land in the shared entry).
 */
export function AdminApp() {
  const section = useLocation()
    .pathname.replace(/^\/admin\/?/, '')
    .replace(/\/$/, '');
  const page = PAGES[section];
  return (
    <>
      <link rel="stylesheet" href={adminCss} precedence="default" />
      <title>{ruAdmin.title}</title>
      {section === 'login' ? (
        <AdminLoginPage />
      ) : (
        <AdminLayout permission={page?.permission}>
          {page ? <page.Page /> : <p>{ruAdmin.notFound}</p>}
        </AdminLayout>
      )}
    </>
  );
}
