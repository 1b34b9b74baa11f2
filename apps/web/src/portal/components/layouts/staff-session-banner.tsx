import { IconUserShield } from '@tabler/icons-react';
import { useUserDetail } from '@/portal/api/get-user-detail';
import { TopBanner } from './top-banner';

/**
 * Login-as (DECISIONS §8): on every page of a console a staff member opened, who is viewing and as whom. The server
 * marks the session; `users/detail` carries `staffSession` only then.
 */
export function StaffSessionBanner() {
  const detail = useUserDetail();
  const staff = detail.data?.staffSession;
  if (!staff || !detail.data) return null;
  return (
    <TopBanner
      role="status"
      testId="staff-session-banner"
      icon={<IconUserShield size={18} aria-hidden />}
      text={`Viewing as ${detail.data.email} — staff session (${staff.staffEmail})`}
    />
  );
}
