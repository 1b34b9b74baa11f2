import { Button } from '@mantine/core';
import { IconUserShield } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useUserDetail } from '@/portal/api/get-user-detail';
import { useLogout } from '@/portal/api/logout';
import { paths } from '@/portal/config/paths';
import { TopBanner } from './top-banner';

/** Whole minutes until `expiresAt` (rounded up, never below 0), or null without one. */
export const minutesLeft = (expiresAt: string | undefined, now: number): number | null => {
  const end = expiresAt ? new Date(expiresAt).getTime() : NaN;
  return Number.isNaN(end) ? null : Math.max(0, Math.ceil((end - now) / 60_000));
};

/** The current time, renewed every 15 seconds: enough for a count in minutes. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 15_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * Login-as (DECISIONS §8): on every page of a console a staff member opened, who is viewing and as whom, the minutes
 * left and "End session". The server marks the session; `users/detail` carries `staffSession` only then.
 */
export function StaffSessionBanner() {
  const detail = useUserDetail();
  const staff = detail.data?.staffSession;
  if (!staff || !detail.data) return null;
  return <StaffSessionStrip email={detail.data.email} staffEmail={staff.staffEmail} expiresAt={staff.expiresAt} />;
}

function StaffSessionStrip({
  email,
  staffEmail,
  expiresAt,
}: {
  email: string;
  staffEmail: string;
  expiresAt?: string;
}) {
  const navigate = useNavigate();
  const left = minutesLeft(expiresAt, useNow());
  // The back office opened this console in its own tab: ending the session closes it; a tab the script may not close
  // (opened by hand) goes to the sign-in page instead.
  const end = useLogout({
    onSettled: () => {
      window.close();
      void navigate(paths.auth.login.getHref(), { replace: true });
    },
  });
  const time = left === null ? '' : ` — ${left} ${left === 1 ? 'minute' : 'minutes'} left`;
  return (
    <TopBanner
      role="status"
      testId="staff-session-banner"
      icon={<IconUserShield size={18} aria-hidden />}
      text={`Viewing as ${email} — staff session (${staffEmail})${time}`}
    >
      <Button size="compact-sm" variant="white" color="dark" loading={end.isPending} onClick={() => end.mutate()}>
        End session
      </Button>
    </TopBanner>
  );
}
