import { Button, type ButtonProps, Card, CloseButton, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconDeviceMobile, IconDownload, IconShoppingCart } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/portal/config/paths';
import { Allowed } from '@/portal/lib/permissions';

const STEPS = [
  { title: 'Install the app', text: 'Use Download APK at the top to get the app for your devices.' },
  { title: 'Scan the QR code', text: 'Scan your enrolment code with each device to add it.' },
  { title: 'Manage devices', text: 'Set up profiles and follow activity under Devices.' },
];

/** Where the dismissal is remembered: this browser, until its storage is cleared (issue 24, item 9). */
export const GETTING_STARTED_DISMISSED_KEY = 'gettingStartedDismissed';

/** Three steps to a first enrolled device, with the matching shortcuts; the customer may close it for good. */
export function GettingStarted({ showBuy }: { showBuy: boolean }) {
  // Read at first render, so a dismissed card never flashes in.
  const [dismissed, setDismissed] = useLocalStorage({
    key: GETTING_STARTED_DISMISSED_KEY,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  if (dismissed) return null;
  return (
    <Card padding="lg">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700}>Getting started</Text>
        <CloseButton aria-label="Dismiss Getting started" onClick={() => setDismissed(true)} />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" mt="md">
        {STEPS.map((step, index) => (
          <Group key={step.title} gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" radius="xl" size={28} fw={700} fz="sm">
              {index + 1}
            </ThemeIcon>
            <div>
              <Text size="sm" fw={600}>
                {step.title}
              </Text>
              <Text size="xs" c="dimmed">
                {step.text}
              </Text>
            </div>
          </Group>
        ))}
      </SimpleGrid>
      <Group gap="sm" mt="lg">
        <LinkButton to={paths.portal.profiles.getHref()} icon={IconDeviceMobile}>
          View devices
        </LinkButton>
        <LinkButton to={paths.portal.downloadApk.getHref()} variant="default" icon={IconDownload}>
          Download APK
        </LinkButton>
        {showBuy ? (
          <Allowed to="billing.write">
            <LinkButton to={paths.portal.plans.getHref()} variant="light" icon={IconShoppingCart}>
              Buy licences
            </LinkButton>
          </Allowed>
        ) : null}
      </Group>
    </Card>
  );
}

/** A button that is a link to a console page, with its icon on the left. */
function LinkButton({
  to,
  icon: Icon,
  variant,
  children,
}: {
  to: string;
  icon: typeof IconDownload;
  variant?: ButtonProps['variant'];
  children: ReactNode;
}) {
  return (
    <Button component={Link} to={to} variant={variant} leftSection={<Icon size={16} />}>
      {children}
    </Button>
  );
}
