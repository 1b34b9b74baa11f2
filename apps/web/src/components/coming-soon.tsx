import { Badge, Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconTools } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

interface ComingSoonProps {
  /** Name of the page, e.g. "Payment History". */
  title: string;
  description?: ReactNode;
  /** Where the secondary button leads; the Dashboard by default. */
  backHref?: string;
  backLabel?: string;
}

/** An honest placeholder for a page that a later release fills in. */
export function ComingSoon({
  title,
  description,
  backHref = paths.portal.dashboard.getHref(),
  backLabel = 'Back to Dashboard',
}: ComingSoonProps) {
  return (
    <Paper withBorder p={{ base: 'lg', sm: 48 }} shadow="xs">
      <Stack align="center" gap="sm" ta="center" maw={520} mx="auto">
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconTools size={32} stroke={1.6} />
        </ThemeIcon>
        <Badge variant="light" color="gray" size="sm">
          Coming soon
        </Badge>
        <Title order={2} fz={{ base: 22, sm: 26 }}>
          {title}
        </Title>
        <Text c="dimmed">
          {description ?? `${title} is being built and will be available here in an upcoming release.`}
        </Text>
        <Button component={Link} to={backHref} variant="light" leftSection={<IconArrowLeft size={16} />} mt="sm">
          {backLabel}
        </Button>
      </Stack>
    </Paper>
  );
}
