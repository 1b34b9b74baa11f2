import { Box, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  width?: number;
}

/** The card every auth page sits in. */
export function AuthCard({ title, subtitle, children, width = 440 }: AuthCardProps) {
  return (
    <Box
      w="100%"
      maw={width}
      p={{ base: 'lg', sm: 36 }}
      bg="white"
      style={{
        borderRadius: 'var(--mantine-radius-lg)',
        border: '1px solid var(--mantine-color-gray-2)',
        boxShadow: '0 1px 2px rgba(16,24,40,.04), 0 12px 32px -8px rgba(16,24,40,.12)',
      }}
    >
      <Text component="h1" fz={24} fw={700} m={0} lh={1.25}>
        {title}
      </Text>
      {subtitle ? (
        <Text c="dimmed" size="sm" mt={6}>
          {subtitle}
        </Text>
      ) : null}
      <Box mt="lg">{children}</Box>
    </Box>
  );
}
