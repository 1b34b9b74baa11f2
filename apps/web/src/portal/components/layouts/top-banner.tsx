import { Group, Text, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';

/** What a banner's kind decides: a red alert (announced at once) or a dark status line. */
const KINDS: Record<'alert' | 'status', { py: number; bg: MantineColor }> = {
  alert: { py: 10, bg: 'red.7' },
  status: { py: 8, bg: 'dark.7' },
};

/** A full-width strip above a console page: an icon, a bold line and what follows it (a link). */
export function TopBanner({
  role,
  testId,
  icon,
  text,
  children,
}: {
  role: keyof typeof KINDS;
  testId: string;
  icon: ReactNode;
  text: ReactNode;
  children?: ReactNode;
}) {
  const { py, bg } = KINDS[role];
  return (
    <Group
      role={role}
      data-testid={testId}
      gap="xs"
      justify="center"
      wrap="wrap"
      px={{ base: 'md', sm: 'xl' }}
      py={py}
      bg={bg}
      c="white"
      ta="center"
    >
      {icon}
      <Text inherit size="sm" fw={600}>
        {text}
      </Text>
      {children}
    </Group>
  );
}
