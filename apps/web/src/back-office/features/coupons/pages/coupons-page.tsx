import { Anchor, Badge, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { actionsColumn, dateColumn } from '@/shared/components/columns';
import {
  PAYMENT_NOTES_MAX,
  couponListQuerySchema,
  saveSettingRequestSchema,
  type CouponSummary,
} from '@fleetdeck/contract/staff';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '@/shared/components/confirm-dialog';
import { Link } from 'react-router';
import type { DataTableColumn } from '@/shared/components/data-table';
import { ListPage } from '@/shared/components/list-page';
import { useContractForm } from '@/shared/lib/form';
import { useListQuery } from '@/shared/lib/list-search';
import { staffPaths } from '../../../app/paths';
import { useUpdateCoupon } from '../api/coupon-update';
import { useCoupons } from '../api/coupons';
import { CouponCreateForm, CouponEditModal } from '../components/coupon-forms';
import { useSaveSetting } from '../api/save-setting';
import { formatStaffDateTime } from '../../../lib/format';

const statusOf = (c: CouponSummary) =>
  !c.active
    ? 'Inactive'
    : c.expiresAt && Date.parse(c.expiresAt) < Date.now()
      ? 'Expired'
      : c.maxRedemptions !== null && c.redeemed >= c.maxRedemptions
        ? 'Used up'
        : 'Active';

interface CouponActions {
  onEdit: (c: CouponSummary) => void;
  onToggle: (c: CouponSummary) => void;
}

const columns = ({ onEdit, onToggle }: CouponActions): DataTableColumn<CouponSummary>[] => [
  {
    key: 'id',
    header: 'Coupon',
    width: 170,
    render: (row) => (
      <Anchor component={Link} to={staffPaths.paymentHistory.getHref({ coupon: row.id })} fw={600} size="sm">
        {row.id}
      </Anchor>
    ),
  },
  { key: 'percentOff', header: 'Discount', width: 100, render: (row) => <Text size="sm">{row.percentOff}%</Text> },
  {
    key: 'status',
    header: 'Status',
    width: 110,
    render: (row) => {
      const status = statusOf(row);
      return (
        <Badge variant="light" color={status === 'Active' ? 'green' : 'gray'}>
          {status}
        </Badge>
      );
    },
  },
  {
    key: 'redeemed',
    header: 'Redeemed',
    width: 110,
    align: 'right',
    render: (row) => (
      <Text size="sm">
        {row.redeemed}
        {row.maxRedemptions !== null ? ` / ${row.maxRedemptions}` : ''}
      </Text>
    ),
  },
  {
    key: 'expiresAt',
    header: 'Expires',
    width: 170,
    render: (row) => <Text size="sm">{row.expiresAt ? formatStaffDateTime(row.expiresAt) : 'Never'}</Text>,
  },
  {
    key: 'plans',
    header: 'Plans',
    width: 140,
    render: (row) => <Text size="sm">{row.planIdentifiers?.join(', ') ?? 'All'}</Text>,
  },
  {
    key: 'reseller',
    header: 'Reseller',
    width: 220,
    render: (row) => (
      <Text size="sm" style={{ wordBreak: 'break-all' }}>
        {row.resellerEmail ?? '-'}
      </Text>
    ),
  },
  {
    key: 'totalPaymentCount',
    header: 'Payments',
    width: 110,
    align: 'right',
    render: (row) => (
      <Anchor
        component={Link}
        to={staffPaths.paymentHistory.getHref({ coupon: row.id })}
        size="sm"
        aria-label={`${row.totalPaymentCount} successful payments with ${row.id}`}
      >
        {row.totalPaymentCount}
      </Anchor>
    ),
  },
  dateColumn('created_at', 'Created On', 180, formatStaffDateTime),
  actionsColumn(
    170,
    (row) => (
      <>
        <Button size="compact-xs" variant="light" onClick={() => onEdit(row)} aria-label={`Edit ${row.id}`}>
          Edit
        </Button>
        <Button
          size="compact-xs"
          variant="light"
          color={row.active ? 'red' : 'green'}
          onClick={() => onToggle(row)}
          aria-label={`${row.active ? 'Disable' : 'Enable'} ${row.id}`}
        >
          {row.active ? 'Disable' : 'Enable'}
        </Button>
      </>
    ),
    'Actions',
  ),
];

/** The payment text shown on the website's pricing and payment pages (plain text, line breaks kept). */
function PaymentNotesForm({ value, loaded }: { value: string; loaded: boolean }) {
  const form = useContractForm(
    saveSettingRequestSchema,
    { key: 'paymentNotes' as const, value: '' },
    { labels: { value: 'Payment notes' } },
  );
  const { setValues, resetDirty } = form;
  useEffect(() => {
    if (loaded) {
      setValues({ key: 'paymentNotes', value });
      resetDirty({ key: 'paymentNotes', value });
    }
  }, [loaded, value, setValues, resetDirty]);
  const save = useSaveSetting({ onError: (error) => form.setServerErrors(error) });
  const length = form.getValues().value.length;
  return (
    <Card withBorder padding="lg">
      <form onSubmit={form.submit((request) => save.mutate(request), save.isPending)} noValidate>
        <Stack gap="sm">
          <div>
            <Title order={3} size="h5">
              Payment notes
            </Title>
            <Text size="sm" c="dimmed">
              Shown as plain text on the pricing page, the Plans page and the payment page.
            </Text>
          </div>
          <Textarea
            aria-label="Payment notes"
            rows={4}
            maxLength={PAYMENT_NOTES_MAX}
            disabled={!loaded}
            placeholder="e.g. Prices include VAT. For invoices or bank transfers, write to billing@example.com."
            {...form.getInputProps('value')}
          />
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {length} / {PAYMENT_NOTES_MAX}
            </Text>
            <Button type="submit" loading={save.isPending} disabled={!loaded || !form.isDirty()}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/**
 * Spec 3 "Coupons": the editable payment text, and the coupons with their Success payments; DECISIONS §14: create,
 * limit, expire, disable (asked first) and enable.
 */
export function CouponsPage() {
  const list = useListQuery(couponListQuerySchema, useCoupons);
  const [editing, setEditing] = useState<CouponSummary | null>(null);
  const [disabling, setDisabling] = useState<CouponSummary | null>(null);
  const toggle = useUpdateCoupon({ onSuccess: () => setDisabling(null) });
  const onToggle = (c: CouponSummary) => (c.active ? setDisabling(c) : toggle.mutate({ id: c.id, active: true }));
  return (
    <>
      <ListPage
        noun="coupons"
        {...list}
        columns={columns({ onEdit: setEditing, onToggle })}
        rowKey={(row) => row.id}
        emptyMessage="No coupons yet."
        minWidth={1300}
        header={
          <Stack gap="md">
            <PaymentNotesForm
              value={list.result.data?.paymentNotes.value ?? ''}
              loaded={list.result.data !== undefined}
            />
            <CouponCreateForm />
          </Stack>
        }
      />
      <CouponEditModal coupon={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={disabling !== null}
        title={`Disable ${disabling?.id ?? ''}?`}
        message={
          disabling
            ? `Checkouts with ${disabling.id} will be refused from now on ("This coupon code is no longer active."). ` +
              'Subscriptions that already have it keep their discount. You can enable it again later.'
            : ''
        }
        confirmLabel="Disable coupon"
        confirmColor="red"
        loading={toggle.isPending}
        onCancel={() => setDisabling(null)}
        onConfirm={() => disabling && toggle.mutate({ id: disabling.id, active: false })}
      />
    </>
  );
}
