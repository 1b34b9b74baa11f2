import { RESELLER_BUYER_DISCOUNT_PERCENT } from '@fleetdeck/contract';
import { Card, Grid, List, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useUserDetail } from '@/portal/api/get-user-detail';
import { AccountLoadError } from '@/portal/components/account-load-error';
import { useProductName } from '@/shared/lib/app-config';
import { ResellerStatus } from '../components/reseller-status';
import { ResellerTiers } from '../components/reseller-tiers';

/** /become-reseller (spec 1 §2, §4, §5, §9): information, tier table, terms checkbox and Enable. */
export function BecomeResellerPage() {
  const product = useProductName();
  const detail = useUserDetail();
  if (detail.isError) return <AccountLoadError error={detail.error} onRetry={() => void detail.refetch()} />;

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="lg">
          <Card padding="lg" component="section" aria-label="About the reseller programme">
            <Title order={2} fz={{ base: 20, sm: 22 }}>
              Earn with the {product} reseller programme
            </Title>
            <Text c="dimmed" size="sm" mt="xs">
              Recommend {product} and its apps to other businesses. As a reseller you get a personal coupon code: every
              licence bought with it gives your customer a discount and earns you a share of the sale.
            </Text>
            <List
              mt="md"
              spacing="xs"
              size="sm"
              icon={
                <ThemeIcon size={20} radius="xl" color="teal" variant="light">
                  <IconCheck size={12} />
                </ThemeIcon>
              }
            >
              <List.Item>Request reseller mode below; our team reviews every request.</List.Item>
              <List.Item>Once approved, your coupon code appears on this page, ready to copy.</List.Item>
              <List.Item>{`Your customers save ${RESELLER_BUYER_DISCOUNT_PERCENT}% on their purchase with your code.`}</List.Item>
              <List.Item>The more licences sold with your code, the higher your tier and your earnings.</List.Item>
            </List>
          </Card>
          {detail.data ? (
            <ResellerStatus user={detail.data} />
          ) : (
            <Card padding="lg" aria-busy="true">
              <Skeleton h={16} w="40%" />
              <Skeleton h={12} w="80%" mt="sm" />
              <Skeleton h={36} w={120} mt="lg" />
            </Card>
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <ResellerTiers />
      </Grid.Col>
    </Grid>
  );
}
