import { PERMISSIONS, type Permission } from '@fleetdeck/contract';
import type { ReactNode } from 'react';
import { useUserDetail } from '@/portal/api/get-user-detail';

/**
 * What the signed-in member may do (DECISIONS §12), from `member.permissions` of `users/detail` (the query the account
 * menu reads). An answer without `member` comes from a server that predates the team: its only person is the
 * registrant, an Owner, who may do everything. `undefined` while the answer is not there yet.
 *
 * The server enforces every permission (403 `E_FORBIDDEN`); the console only hides what would be refused.
 */
export function usePermissions(): readonly Permission[] | undefined {
  const detail = useUserDetail();
  if (!detail.data) return undefined;
  return detail.data.member?.permissions ?? PERMISSIONS;
}

/** Whether the signed-in member holds `permission` (false until `users/detail` has answered). */
export function usePermission(permission: Permission): boolean {
  return usePermissions()?.includes(permission) ?? false;
}

/**
 * Shows its children only to a member holding `to` (e.g. `<Allowed to="fleet.write">` around Save, Add or Delete);
 * `otherwise` in its place for the others. The one way a page hides what a role may not do.
 */
export function Allowed({
  to,
  children,
  otherwise = null,
}: {
  to: Permission;
  children: ReactNode;
  otherwise?: ReactNode;
}) {
  return usePermission(to) ? children : otherwise;
}
