import { Fieldset, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useUserDetail } from '@/portal/api/get-user-detail';

/** Login-as (DECISIONS §8): `users/detail` carries `staffSession` only in a console a staff member opened. */
export const useIsStaffSession = (): boolean => Boolean(useUserDetail().data?.staffSession);

/** Why a locked form cannot be used: the server's own reason for its 403 E_IMPERSONATION_FORBIDDEN. */
export const STAFF_SESSION_LOCK_REASON =
  "Not available in a staff session: passwords, two-step, cards and purchases stay the customer's own.";

/**
 * A form a login-as session may not submit (the server refuses it): every control in it disabled, with one line
 * saying why. The fieldset is always there, so the form keeps its state when the session's detail arrives.
 */
export function StaffSessionLock({ children }: { children: ReactNode }) {
  const locked = useIsStaffSession();
  return (
    <Stack gap="xs">
      {locked ? (
        <Text size="sm" c="dimmed" data-testid="staff-session-lock">
          {STAFF_SESSION_LOCK_REASON}
        </Text>
      ) : null}
      <Fieldset variant="unstyled" disabled={locked} p={0} m={0}>
        {children}
      </Fieldset>
    </Stack>
  );
}
