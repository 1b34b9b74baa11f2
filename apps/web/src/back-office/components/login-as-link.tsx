import { Anchor, Loader, Text, Tooltip } from '@mantine/core';
import { canUseArea, type StaffRole } from '@fleetdeck/contract/staff';
import { getStaffRole, setToken } from '@/shared/lib/auth-storage';
import { useLoginAs } from '../api/login-as';

/**
 * A customer's email that opens their console in a new tab (spec 3 "login-as link"). The tab is opened on the click
 * itself, so pop-up blockers allow it, and pointed at the console once the server has answered the token.
 */
export function LoginAsLink({ email }: { email: string }) {
  const loginAs = useLoginAs();
  const open = () => {
    const tab = window.open('about:blank', '_blank');
    loginAs.mutate(email, {
      onSuccess: ({ data }) => {
        setToken(data.token);
        if (tab) tab.location.href = '/dashboard';
        else window.location.assign('/dashboard');
      },
      onError: () => tab?.close(),
    });
  };
  // DECISIONS §8: a role without login-as (Content) sees the email only, no link.
  if (!canUseArea(getStaffRole() as StaffRole | null, 'loginAs')) return <Text size="sm">{email}</Text>;
  return (
    <Tooltip label="Open this customer's console (staff session)" withArrow openDelay={400}>
      <Anchor component="button" type="button" size="sm" fw={600} onClick={open} disabled={loginAs.isPending}>
        {email} {loginAs.isPending ? <Loader size={12} ml={4} /> : null}
      </Anchor>
    </Tooltip>
  );
}
