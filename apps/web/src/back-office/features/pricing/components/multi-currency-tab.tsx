import { Alert, Group, Progress, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { currencyListQuerySchema, type CurrencyRule, type CurrencySyncSummary } from '@fleetdeck/contract/staff';
import { DeleteDialog } from '@/shared/components/confirm-dialog';
import type { DataTableColumn } from '@/shared/components/data-table';
import { actionsColumn, dateColumn } from '@/shared/components/columns';
import { DeleteAction } from '@/shared/components/delete-action';
import { IconButton } from '@/shared/components/icon-action';
import { ListPage } from '@/shared/components/list-page';
import { countryName } from '@/shared/lib/countries';
import { useListQuery } from '@/shared/lib/list-search';
import { useCurrencyRules, useDeleteCurrency } from '../api/currency-rules';
import { useSyncCurrencyRates } from '../api/currency-sync';
import { SyncButton } from './sync-button';
import { CurrencyForm, rateLabel } from './currency-form';

function SyncSummary({ summary, onClose }: { summary: CurrencySyncSummary; onClose: () => void }) {
  const from = summary.source === 'bundled' ? 'Bundled rates table' : 'FX_RATES_URL';
  return (
    <Alert color="green" variant="light" title="Currency rates synced" withCloseButton onClose={onClose}>
      {from} of {summary.asOf} ({summary.currencies} currencies): {summary.updated} updated, {summary.unchanged}{' '}
      unchanged.
      {summary.missing.length > 0 ? ` No rate for ${summary.missing.join(', ')}: kept as they were.` : ''}
    </Alert>
  );
}

/**
 * The Multi Currency tab (spec 3 "Pricing list"): the add/update form, 'Sync Currency Rate' (a progress bar while it
 * runs, then its summary) and the rules table with edit and a confirmed delete ('Are you sure?' / 'Currency will be
 * removed from this list' / 'Yes, delete it!').
 */
export function MultiCurrencyTab() {
  const list = useListQuery(currencyListQuerySchema, useCurrencyRules);
  const [editing, setEditing] = useState<CurrencyRule | null>(null);
  const [deleting, setDeleting] = useState<CurrencyRule | null>(null);
  const [summary, setSummary] = useState<CurrencySyncSummary | null>(null);
  const remove = useDeleteCurrency({
    onSuccess: (_res, id) => {
      if (editing?._id === id) setEditing(null);
    },
    onSettled: () => setDeleting(null),
  });
  const sync = useSyncCurrencyRates({ onSuccess: (res) => setSummary(res.data) });

  const columns: DataTableColumn<CurrencyRule>[] = [
    {
      key: 'country',
      header: 'Country',
      width: 200,
      render: (r) => (
        <Text size="sm" fw={600}>
          {countryName(r.countryCode)} ({r.countryCode})
        </Text>
      ),
    },
    { key: 'currencyCode', header: 'Currency Code', width: 110, render: (r) => r.currencyCode },
    {
      key: 'rate',
      header: 'Rate',
      width: 170,
      render: (r) => <Text size="sm">{rateLabel(r.conversationRate, r.currencyCode)}</Text>,
    },
    { key: 'couponCode', header: 'Coupon Code', width: 120, render: (r) => r.couponCode || '—' },
    {
      key: 'discountPercentage',
      header: 'Discount %',
      width: 100,
      render: (r) => (r.couponCode ? `${r.discountPercentage}%` : '—'),
    },
    dateColumn('created_at', 'Created On', 170),
    actionsColumn(90, (r) => (
      <>
        <IconButton
          hint="Edit"
          icon={IconPencil}
          label={`Edit currency of ${r.countryCode}`}
          onClick={() => {
            setEditing(r);
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
        />
        <DeleteAction label={`Delete currency of ${r.countryCode}`} onClick={() => setDeleting(r)} />
      </>
    )),
  ];

  return (
    <ListPage
      label="Currency rules"
      noun="currencies"
      {...list}
      columns={columns}
      emptyMessage="No currency yet: add one above."
      minWidth={900}
      header={
        <Stack gap="sm">
          <CurrencyForm key={editing?._id ?? 'add'} editing={editing} onDone={() => setEditing(null)} />
          <Group justify="flex-end">
            <SyncButton variant="light" sync={sync} onStart={() => setSummary(null)}>
              Sync Currency Rate
            </SyncButton>
          </Group>
          {sync.isPending ? (
            <Stack gap={4}>
              <Text size="sm">Fetching the rates and updating every currency…</Text>
              <Progress value={100} animated striped aria-label="Syncing currency rates" />
            </Stack>
          ) : null}
          {summary ? <SyncSummary summary={summary} onClose={() => setSummary(null)} /> : null}
        </Stack>
      }
    >
      <DeleteDialog
        item={deleting}
        message="Currency will be removed from this list"
        loading={remove.isPending}
        onConfirm={(row) => remove.mutate(row._id)}
        onCancel={() => setDeleting(null)}
      />
    </ListPage>
  );
}
