import { Anchor } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
/** The "Back to login" link under an auth card's form (the back office passes its own login address). */
export function BackToLoginLink({ to = paths.auth.login.getHref() }: { to?: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" ta="center">
      <IconArrowLeft size={14} style={{ verticalAlign: -2 }} /> Back to login
    </Anchor>
  );
}
