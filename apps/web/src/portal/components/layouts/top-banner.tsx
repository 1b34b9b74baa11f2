import { Group, Text, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';

/** A full-width strip above a console page: an icon, a bold line and what follows it (a link). */
export function TopBanner({
  role,
  testId,
  py,
  bg,
  icon,
  text,
  children,
}: {
  role: 'alert' | 'status';
  testId: string;
  py: number;
  bg: MantineColor;
  icon: ReactNode;
  text: ReactNode;
  children?: ReactNode;
}) {
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
