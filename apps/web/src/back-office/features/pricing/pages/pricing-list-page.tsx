import { TwoLines } from '@/shared/components/columns';
import { Alert, Badge, Button, Group, Stack, Table, Tabs, Text } from '@mantine/core';
import { IconDeviceMobileCog, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { PriceSyncSummary, StaffPrice } from '@fleetdeck/contract/staff';
import { stackedTableClasses } from '@/shared/components/data-table';
import { LoadError } from '@/shared/components/load-error';
import { ContentSkeleton } from '@/shared/components/page-loader';
import { formatDate } from '@/shared/lib/format';
import { staffPaths } from '../../../app/paths';
import { usePriceList } from '../api/price-list';
import { useSyncPrices } from '../api/price-sync';
import { ApkTab } from '../components/apk-tab';
import { AppVersionModal } from '../components/app-version-modal';
import { MultiCurrencyTab } from '../components/multi-currency-tab';
import { SyncButton } from '../components/sync-button';
import { TableScroll } from '@/shared/components/table-scroll';

/** "€29.99 / year", "€69.99 / 3 years" (one-time seats last 3 years), in the price's own currency. */
function priceAmountLabel(p: Pick<StaffPrice, 'amount' | 'currency' | 'interval' | 'intervalCount' | 'type'>) {
  const money = new Intl.NumberFormat('en-GB', { style: 'currency', currency: p.currency.toUpperCase() }).format(
    p.amount,
  );
  const unit = p.interval ?? 'year';
  const period = p.intervalCount > 1 ? `${p.intervalCount} ${unit}s` : unit;
  return p.type === 'one_time' ? `${money} once (${period})` : `${money} / ${period}`;
}

function PriceTable({
  rows,
  label,
  onConfigure,
}: {
  rows: StaffPrice[];
  label: string;
  onConfigure: (p: StaffPrice) => void;
}) {
  return (
    // A phone shows each price as a card of labelled lines (DataTable's layout), so Status and the actions stay on screen.
    <TableScroll label={label} minWidth={820} className={stackedTableClasses.scroll}>
      <Table striped highlightOnHover aria-label={label} verticalSpacing="sm" className={stackedTableClasses.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Amount</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Created On</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((p) => (
            <Table.Tr key={p._id}>
              <Table.Td data-label="Amount">
                <Text size="sm" fw={600}>
                  {priceAmountLabel(p)}
                </Text>
              </Table.Td>
              <Table.Td data-label="Name">
                <TwoLines main={p.name} detail={p.priceId} />
              </Table.Td>
              <Table.Td data-label="Status">
                <Badge color={p.status === 'Active' ? 'green' : 'gray'} variant="light">
                  {p.status === 'Active' ? 'Active' : 'InActive'}
                </Badge>
              </Table.Td>
              <Table.Td data-label="Created On">
                <Text size="sm">{formatDate(p.created_at)}</Text>
              </Table.Td>
              <Table.Td data-label="Actions">
                <Group gap="xs" wrap="wrap">
                  <Button
                    component={Link}
                    to={staffPaths.pricingEdit.getHref(p._id)}
                    size="xs"
                    variant="light"
                    leftSection={<IconPencil size={14} />}
                    aria-label={`Edit ${p.name}`}
                  >
                    Edit
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconDeviceMobileCog size={14} />}
                    onClick={() => onConfigure(p)}
                    aria-label={`Configure App Version of ${p.name}`}
                    // On a phone the cell is narrower than the label: it wraps rather than being cut off.
                    styles={{
                      root: { height: 'auto', minHeight: 30, paddingBlock: 4 },
                      label: { whiteSpace: 'normal' },
                    }}
                  >
                    Configure App Version
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/**
 * Pricing list (spec 3 "Pricing list"): Subscriptions, One Time and Multi Currency tabs (the tab in `?tab=`), 'Sync
 * Stripe Price' (a progress indicator while it runs, then its summary), Edit and Configure App Version per price.
 */
export function PricingListPage() {
  const prices = usePriceList();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'subscriptions';
  const [configuring, setConfiguring] = useState<StaffPrice | null>(null);
  const [summary, setSummary] = useState<PriceSyncSummary | null>(null);
  const sync = useSyncPrices({
    onSuccess: (res) => setSummary(res.data),
  });
  return (
    <Stack gap="md">
      <Group justify="flex-end" wrap="wrap">
        <SyncButton sync={sync} onStart={() => setSummary(null)}>
          Sync Stripe Price
        </SyncButton>
      </Group>
      {sync.isPending && (
        <Alert color="blue" variant="light" title="Syncing prices…">
          Fetching the prices from the payment provider. This can take a few seconds.
        </Alert>
      )}
      {summary && (
        <Alert color="green" variant="light" title="Prices synced" withCloseButton onClose={() => setSummary(null)}>
          {summary.provider === 'stripe' ? 'Stripe' : 'Bundled catalogue'}: {summary.created} created, {summary.updated}{' '}
          updated, {summary.unchanged} unchanged.
        </Alert>
      )}
      <Tabs
        value={tab}
        onChange={(value) => setParams(value && value !== 'subscriptions' ? { tab: value } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="subscriptions">Subscriptions</Tabs.Tab>
          <Tabs.Tab value="one-time">One Time</Tabs.Tab>
          <Tabs.Tab value="currency">Multi Currency</Tabs.Tab>
          <Tabs.Tab value="apks">APKs</Tabs.Tab>
        </Tabs.List>
        {(['subscriptions', 'one-time'] as const).map((value) => (
          <Tabs.Panel key={value} value={value} pt="md">
            {prices.isPending ? (
              <ContentSkeleton />
            ) : prices.isError ? (
              <LoadError title="The prices could not load" error={prices.error} onRetry={() => void prices.refetch()} />
            ) : value === 'subscriptions' ? (
              <PriceTable
                rows={prices.data.data.recurringPriceList}
                label="Subscription prices"
                onConfigure={setConfiguring}
              />
            ) : (
              <PriceTable
                rows={prices.data.data.oneTimePriceList}
                label="One-time prices"
                onConfigure={setConfiguring}
              />
            )}
          </Tabs.Panel>
        ))}
        <Tabs.Panel value="currency" pt="md">
          <MultiCurrencyTab />
        </Tabs.Panel>
        <Tabs.Panel value="apks" pt="md">
          <ApkTab />
        </Tabs.Panel>
      </Tabs>
      <AppVersionModal price={configuring} onClose={() => setConfiguring(null)} />
    </Stack>
  );
}
