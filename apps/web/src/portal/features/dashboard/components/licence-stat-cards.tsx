import type { Dashboard } from '@fleetdeck/contract';
import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconDeviceMobileCheck, IconLicense } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/portal/config/paths';

interface StatCardProps {
  label: string;
  value: number | undefined;
  href: string;
  icon: ReactNode;
  color: string;
  hint?: string;
  testId: string;
}

function StatCard({ label, value, href, icon, color, hint, testId }: StatCardProps) {
  return (
    <UnstyledButton component={Link} to={href} data-testid={testId}>
      <Card padding="lg" h="100%" withBorder>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="md" wrap="nowrap">
            <ThemeIcon size={48} radius="md" variant="light" color={color}>
              {icon}
            </ThemeIcon>
            <div>
              <Text size="sm" c="dimmed" fw={600}>
                {label}
              </Text>
              {value === undefined ? (
                <Skeleton h={30} w={64} mt={4} />
              ) : (
                <Text fz={30} fw={800} lh={1.2} data-testid={`${testId}-value`}>
                  {value.toLocaleString('en-IE')}
                </Text>
              )}
              {hint ? (
                <Text size="xs" c="dimmed">
                  {hint}
                </Text>
              ) : null}
            </div>
          </Group>
          <IconChevronRight size={18} color="var(--mantine-color-gray-5)" />
        </Group>
      </Card>
    </UnstyledButton>
  );
}

/** Total used licences: enrolled devices plus Power Chat users (chat seats are bought per user). */
export const totalUsedOf = (d: Pick<Dashboard, 'enrolDevices' | 'pChatUsers'>): number => d.enrolDevices + d.pChatUsers;

/** The two licence cards of spec 1 §2: purchased (→ payment history) and used (→ devices). */
export function LicenceStatCards({ data }: { data: Dashboard | undefined }) {
  const chatHint =
    data && data.pChatUsers > 0
      ? `${data.enrolDevices} device${data.enrolDevices === 1 ? '' : 's'} and ${data.pChatUsers} chat user${data.pChatUsers === 1 ? '' : 's'}`
      : undefined;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <StatCard
        testId="total-purchased"
        label="Total Purchased Licence"
        value={data?.purchasedDevices}
        href={paths.portal.paymentHistory.getHref()}
        icon={<IconLicense size={26} stroke={1.6} />}
        color="brand"
      />
      <StatCard
        testId="total-used"
        label="Total Used Licence"
        value={data ? totalUsedOf(data) : undefined}
        href={paths.portal.profiles.getHref()}
        icon={<IconDeviceMobileCheck size={26} stroke={1.6} />}
        color={data?.licenceExceeded ? 'red' : 'teal'}
        hint={chatHint}
      />
    </SimpleGrid>
  );
}
