import {
  createStaff,
  listStaff,
  resetStaffPassword,
  updateStaff,
  type StaffMember,
} from '#common/contract/admin';
import { STAFF_ROLES, type StaffRole } from '#common/contract/permissions';
import type { OperatorClient } from './operator-client';

/** A command line the tool cannot run: the message says what it needs. */
export class StaffUsageError extends Error {}

export const STAFF_USAGE =
  'staff create --email <e-mail> --role <owner|marketer|support|accountant|viewer>, staff list, staff reset <e-mail> [--totp], staff role <e-mail> <role>, staff disable <e-mail>, staff enable <e-mail>';

const option = (args: string[], name: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};

const staffLine = (s: StaffMember) =>
  [
    s.email,
    s.role,
    s.disabled ? 'disabled' : s.lockedUntil ? `locked until ${s.lockedUntil}` : 'active',
    s.totpEnrolled ? 'authenticator enrolled' : 'no authenticator yet',
    s.mustChangePassword ? 'one-time password' : '',
  ]
    .filter(Boolean)
    .join('  ');

const roleOf = (value: string | undefined): StaffRole => {
  if (!STAFF_ROLES.includes(value as StaffRole)) {
    throw new StaffUsageError(`The role is one of: ${STAFF_ROLES.join(', ')}`);
  }
  return value as StaffRole;
};

async function idOf(api: OperatorClient, email: string | undefined) {
  if (!email) throw new StaffUsageError('Name the staff member by e-mail (see staff list)');
  const found = (await api.call(listStaff)).find((s) => s.email === email.trim().toLowerCase());
  if (!found) throw new StaffUsageError(`No staff member ${email}`);
  return found.id;
}

function printOneTime(print: (line: string) => void, staff: StaffMember, password: string) {
  print(staffLine(staff));
  print('One-time password, shown this once (the person sets their own at the first login):');
  print(password);
}

/**
 * Staff accounts (docs/decisions/026) through the operator API with the token: the first owner of a fresh
 * deployment is created this way, and an owner locked out of the console is reset this way.
 */
export async function staffCommand(api: OperatorClient, args: string[], print: (line: string) => void) {
  const [action, email] = args;
  switch (action) {
    case 'create': {
      const address = option(args, 'email');
      if (!address) throw new StaffUsageError('staff create needs --email <e-mail> --role <role>');
      const created = await api.call(createStaff, {
        body: { email: address, role: roleOf(option(args, 'role')) },
      });
      return printOneTime(print, created.staff, created.oneTimePassword);
    }
    case 'list': {
      const staff = await api.call(listStaff);
      return print(staff.length ? staff.map(staffLine).join('\n') : 'No staff accounts.');
    }
    case 'reset': {
      const id = await idOf(api, email);
      const reset = await api.call(resetStaffPassword, {
        params: { id },
        body: { resetTotp: args.includes('--totp') },
      });
      return printOneTime(print, reset.staff, reset.oneTimePassword);
    }
    case 'role':
      return print(
        staffLine(
          await api.call(updateStaff, {
            params: { id: await idOf(api, email) },
            body: { role: roleOf(args[2]) },
          }),
        ),
      );
    case 'disable':
    case 'enable':
      return print(
        staffLine(
          await api.call(updateStaff, {
            params: { id: await idOf(api, email) },
            body: { disabled: action === 'disable' },
          }),
        ),
      );
    default:
      throw new StaffUsageError(STAFF_USAGE);
  }
}
