import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A public page's h1 and the line under it. */
export function SitePageHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {title}
      </Title>
      <Text c="dimmed" mt={4}>
        {children}
      </Text>
    </div>
  );
}
