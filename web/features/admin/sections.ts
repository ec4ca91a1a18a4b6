import type { ComponentType } from 'react';
import type { Permission } from '#common/contract/permissions';
import { ruAdmin } from '#web/i18n/ru-admin';
import { ruAdminCatalogue } from '#web/i18n/ru-admin-catalogue';
import { ruAdminContent } from '#web/i18n/ru-admin-content';
import { ruAdminFiscal } from '#web/i18n/ru-admin-fiscal';
import { ruAdminCoupons } from '#web/i18n/ru-admin-coupons';
import { ruAdminProgramme } from '#web/i18n/ru-admin-programme';
import { ruAdminReceipts } from '#web/i18n/ru-admin-receipts';
import { ruAdminReports } from '#web/i18n/ru-admin-reports';
import { ruAdminSegments } from '#web/i18n/ru-admin-segments';
import { ruAdminWebhooks } from '#web/i18n/ru-admin-webhooks';
import { ruAdminMessages } from '#web/i18n/ru-admin-messages';
import { AuditPage } from './audit-page';
import { StaffPage } from './staff-page';
import { TillKeysPage } from './till-keys-page';
import { CataloguePage } from './catalogue/catalogue-page';
import { ContentPage } from './content/content-page';
import { CouponsPage } from './coupons/coupons-page';
import { FiscalReceiptsPage } from './fiscal/fiscal-receipts-page';
import { SettingsPage } from './content/settings-page';
import { GiftCardsPage } from './gift-cards/gift-cards-page';
import { MembersPage } from './members/members-page';
import { ProgrammePage } from './programme/programme-page';
import { ReceiptsPage } from './receipts/receipts-page';
import { ReportsPage } from './reports/reports-page';
import { SegmentsPage } from './segments/segments-page';
import { WebhooksPage } from './webhooks/webhooks-page';
import { MessagesPage } from './messages/messages-page';

const t = ruAdmin.shell;

/** One section of the console: its address, its name in the navigation, the permission it needs, its page. */
export interface Section {
  path: `/admin/${string}`;
  label: string;
  /** The navigation shows only what the role may open; the page picker refuses the rest (the server checks again). */
  permission: Permission;
  Page: ComponentType;
}

/**
 * The console's sections, written once (issue 28): the page picker (app.tsx) and the navigation
 * (layout.tsx) both read this list. The pages are imported, not lazy: the console is one chunk of its own
 * (decision 026). The home page, `/admin`, is the list of these, so it is not one of them.
 */
export const SECTIONS: Section[] = [
  { path: '/admin/members', label: t.members, permission: 'members.read', Page: MembersPage },
  { path: '/admin/staff', label: t.staff, permission: 'staff.read', Page: StaffPage },
  { path: '/admin/audit', label: t.audit, permission: 'audit.read', Page: AuditPage },
  { path: '/admin/till-keys', label: t.tillKeys, permission: 'tillKeys.read', Page: TillKeysPage },
  { path: '/admin/gift-cards', label: t.giftCards, permission: 'invoices.read', Page: GiftCardsPage },
  // Content and brand (decision 032).
  {
    path: '/admin/settings',
    label: ruAdminContent.menu.settings,
    permission: 'settings.read',
    Page: SettingsPage,
  },
  {
    path: '/admin/content',
    label: ruAdminContent.menu.content,
    permission: 'content.read',
    Page: ContentPage,
  },
  {
    path: '/admin/programme',
    label: ruAdminProgramme.nav,
    permission: 'campaigns.read',
    Page: ProgrammePage,
  },
  // Segments of members (decision 075): the marketer's and the owner's.
  { path: '/admin/segments', label: ruAdminSegments.nav, permission: 'segments.read', Page: SegmentsPage },
  // Coupons and promo codes (decision 064): the campaigns' permissions.
  { path: '/admin/coupons', label: ruAdminCoupons.nav, permission: 'campaigns.read', Page: CouponsPage },
  { path: '/admin/reports', label: ruAdminReports.nav, permission: 'reports.read', Page: ReportsPage }, // decision 031
  // Any till receipt with its lines (decision 066).
  { path: '/admin/receipts', label: ruAdminReceipts.nav, permission: 'receipts.read', Page: ReceiptsPage },
  // The 54-FZ receipts' outbox: its failures and retry (decision 070).
  {
    path: '/admin/fiscal-receipts',
    label: ruAdminFiscal.nav,
    permission: 'fiscal.read',
    Page: FiscalReceiptsPage,
  },
  {
    path: '/admin/catalogue',
    label: ruAdminCatalogue.nav,
    permission: 'catalogue.read',
    Page: CataloguePage,
  }, // 060
  // Messages to members: campaigns, triggers and their results (decision 076).
  { path: '/admin/messages', label: ruAdminMessages.nav, permission: 'messages.read', Page: MessagesPage },
  // Events out to the chain's systems (decision 073).
  { path: '/admin/webhooks', label: ruAdminWebhooks.nav, permission: 'webhooks.read', Page: WebhooksPage },
];
