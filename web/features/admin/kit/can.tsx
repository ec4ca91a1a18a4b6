import type { ReactNode } from 'react';
import type { Permission } from '#common/contract/permissions';
import { useStaffSession } from '../api';

/**
 * The question "does the logged-in person's role hold this permission?" for a list asked at once (the sections
 * a role sees); the server checks each call again.
 */
export function useCanCheck(): (permission: Permission) => boolean {
  const permissions = useStaffSession().data?.permissions ?? [];
  return (permission) => permissions.includes(permission);
}

/** Whether the logged-in person's role holds the permission (the server checks it again on every call). */
export function useCan(permission: Permission): boolean {
  return useCanCheck()(permission);
}

/** Its children only for a role holding the permission (what the role may not do is not offered at all). */
export function Can({
  permission,
  children,
  otherwise = null,
}: {
  permission: Permission;
  children: ReactNode;
  /** What the others see instead (nothing unless told). */
  otherwise?: ReactNode;
}) {
  return <>{useCan(permission) ? children : otherwise}</>;
}
