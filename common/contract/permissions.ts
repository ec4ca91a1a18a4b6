/**
 * Staff roles and what each may do (docs/decisions/026). Zod-free, so the console's navigation reads the same
 * table the server enforces. Every operator endpoint names one permission in its contract (`permission`); the
 * server lets a staff session through only when its role holds it. OPERATOR_TOKEN ("system") holds them all.
 */

/** Every permission an operator endpoint may ask for: an area and read or write. */
export const PERMISSIONS = [
  'settings.read',
  'settings.write',
  'content.read',
  'content.write',
  'campaigns.read',
  'campaigns.write',
  // The owner's limits on earning (decision 046): a setting `settings.write` alone may not change, and what
  // lets a campaign go past them. Only the owner holds it.
  'earnLimits.write',
  'tillKeys.read',
  'tillKeys.write',
  'members.read',
  'members.write',
  // Deleting a member's account cannot be undone: its own permission, apart from adjustments (decision 053).
  'members.delete',
  'giftCards.read',
  'giftCards.write',
  'invoices.read',
  'invoices.write',
  // The console's reports (decision 031): owner, accountant and viewer.
  'reports.read',
  'staff.read',
  'staff.write',
  'audit.read',
  // The chain's goods (decision 060): who loads and edits the catalogue the earn rules read.
  'catalogue.read',
  'catalogue.write',
  // Any till receipt and its lines (decision 066): owner, accountant, support and viewer.
  'receipts.read',
  // The 54-FZ receipts' outbox (decision 070): who sees them and retries a failed one, as the reports'.
  'fiscal.read',
  'fiscal.write',
  // Events out to the chain's systems (decision 073): the owner registers endpoints; support and the accountant
  // read the delivery log.
  'webhooks.read',
  'webhooks.write',
  // Segments of members (decision 075): who builds them and sees their counts, and who takes a member list
  // out of the console as a file. The marketer and the owner; the viewer reads the definitions and counts.
  'segments.read',
  'segments.write',
  'segments.export',
  // Messages to members (decision 076): campaigns and triggers are edited with `messages.write`; sending anything
  // (a test send to oneself, starting, scheduling, stopping) takes `messages.send`. The marketer holds all three.
  'messages.read',
  'messages.write',
  'messages.send',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const STAFF_ROLES = ['owner', 'marketer', 'support', 'accountant', 'viewer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

const areas = (...names: string[]): Permission[] =>
  PERMISSIONS.filter((p) => names.includes(p.split('.')[0]!));

/**
 * What each role holds. The viewer reads every area but the staff list and the audit log; till keys are
 * credentials, so only the owner issues and revokes them; only the owner deletes a member's account.
 */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  // The marketer runs the programme and its content, so the catalogue its rules read is theirs too (decision 060).
  marketer: areas('settings', 'content', 'campaigns', 'catalogue', 'segments', 'messages'),
  // Support answers "where are my bonuses for that purchase?", so it reads receipts (decision 066).
  support: [...areas('members').filter((p) => p !== 'members.delete'), 'receipts.read', 'webhooks.read'],
  accountant: [...areas('giftCards', 'invoices', 'fiscal'), 'reports.read', 'receipts.read', 'webhooks.read'],
  viewer: PERMISSIONS.filter((p) => p.endsWith('.read') && p !== 'staff.read' && p !== 'audit.read'),
};

export function roleAllows(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/**
 * The most bonuses (roubles) one manual adjustment may move, by role; a role not listed may not adjust. The
 * operator's token has no limit.
 */
export const ADJUSTMENT_LIMITS: Partial<Record<StaffRole, number>> = { owner: 100_000, support: 1_000 };

/**
 * The most bonuses (roubles) a role's adjustments may move for one member in one of the brand's days, taken and
 * given alike (decision 046), so the limit above cannot be split into many adjustments.
 */
export const DAILY_ADJUSTMENT_LIMITS: Partial<Record<StaffRole, number>> = { support: 1_000 };

/** Staff sessions: idle and absolute lifetimes, and the time a half-finished login (password given) keeps. */
export const STAFF_SESSION_IDLE_MINUTES = 30;
export const STAFF_SESSION_MAX_HOURS = 12;
export const STAFF_LOGIN_STEP_MINUTES = 10;
/** Wrong passwords or codes in a row before the account locks, and for how long. */
export const STAFF_MAX_FAILURES = 5;
export const STAFF_LOCK_MINUTES = 15;
export const STAFF_PASSWORD_MIN = 12;
/** The header a staff session's state-changing request carries its CSRF token in. */
export const CSRF_HEADER = 'x-csrf-token';
