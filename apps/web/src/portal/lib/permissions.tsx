import { PERMISSIONS, type Permission } from '@fleetdeck/contract';
import { Fieldset } from '@mantine/core';
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

/**
 * Its fields and buttons disabled (one unstyled fieldset) for a member without `to`: settings a Viewer may look at but
 * not change read as such, instead of edits that no Save would keep (the Save itself is hidden by `Allowed`). Enabled
 * while `users/detail` has not answered, as it is for the many who may write, rather than flickering.
 */
export function EditableBy({ to, children }: { to: Permission; children: ReactNode }) {
  const permissions = usePermissions();
  const readOnly = permissions !== undefined && !permissions.includes(to);
  return (
    <Fieldset variant="unstyled" disabled={readOnly} p={0} m={0} miw={0}>
      {children}
    </Fieldset>
  );
}
