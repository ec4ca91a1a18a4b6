import type { StaffRole } from '#common/contract/permissions';
import type { OperatorCaller } from '../lib/callers';

/**
 * Who sees a phone whole in the console (docs/decisions/047): only a role that dials it. Support calls members
 * back; the owner answers for everything; the operator's token is the programme's own automation. Nobody but
 * the owner calls a gift card's recipient or buyer: the accountant and the viewer see them masked. Masked on the
 * server, so no answer ever carries what its caller may not see.
 */
export const WHOLE_PHONE_ROLES = {
  members: ['owner', 'support'],
  giftCards: ['owner'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type PhoneArea = keyof typeof WHOLE_PHONE_ROLES;

export function seesWholePhones(caller: OperatorCaller | undefined, area: PhoneArea): boolean {
  if (!caller || caller.kind === 'token') return true;
  return (WHOLE_PHONE_ROLES[area] as readonly StaffRole[]).includes(caller.role);
}

/**
 * A phone as a role that does not dial it sees it: the country and the operator's code only,
 * `+7 900 •••-••-••`. Never the last digits: the last 4 open a gift card's code on its public page. A deleted
 * or temporary account's marker (`deleted-…`, `temp-…`) is no phone and stays as it is.
 */
export function maskedPhone(phone: string): string {
  if (phone.startsWith('deleted-') || phone.startsWith('temp-')) return phone;
  const russian = /^7(\d{3})\d{7}$/.exec(phone);
  return russian ? `+7 ${russian[1]} •••-••-••` : '•••';
}

/** The phone as `caller` may see it in `area`. */
export const phoneFor = (caller: OperatorCaller | undefined, area: PhoneArea, phone: string) =>
  seesWholePhones(caller, area) ? phone : maskedPhone(phone);
