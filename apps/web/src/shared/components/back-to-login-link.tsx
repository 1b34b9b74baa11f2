import { Anchor } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
/** The "Back to login" link under an auth card's form (each app passes its own login address). */
export function BackToLoginLink({ to }: { to: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" ta="center">
      <IconArrowLeft size={14} style={{ verticalAlign: -2 }} /> Back to login
    </Anchor>
  );
}
