import { Card, Modal, MultiSelect, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { PLAN_CODES } from '@fleetdeck/contract';
import {
  couponCreateRequestSchema,
  couponUpdateRequestSchema,
  type CouponCreateRequest,
  type CouponSummary,
  type CouponUpdateRequest,
} from '@fleetdeck/contract/staff';
import { MutationForm } from '@/shared/components/mutation-form';
import { notifySuccess } from '@/shared/lib/notify';
import { useContractForm } from '@/shared/lib/form';
import { useCreateCoupon } from '../api/coupon-create';
import { useUpdateCoupon } from '../api/coupon-update';

/**
 * Coupon create and edit (DECISIONS §14 "Coupons"). Numbers are typed as text and checked by the contract: a minus
 * sign, a fraction or a value out of range shows a message at the field and nothing is sent. Blank limit or expiry:
 * none.
 */

const blankAsNull = (v: string) => (v.trim() === '' ? null : v.trim());

const labels = {
  code: 'Code',
  percentOff: 'Percent off',
  maxRedemptions: 'Redemption limit',
  expiresAt: 'Expires on',
  planIdentifiers: 'Plans',
};

interface CreateValues extends Record<string, unknown> {
  code: string;
  percentOff: string;
  maxRedemptions: string;
  expiresAt: string;
  planIdentifiers: string[];
}

const EMPTY: CreateValues = { code: '', percentOff: '', maxRedemptions: '', expiresAt: '', planIdentifiers: [] };

const toCreateRequest = (v: CreateValues): CouponCreateRequest => ({
  code: v.code,
  percentOff: v.percentOff.trim(),
  maxRedemptions: blankAsNull(v.maxRedemptions),
  expiresAt: blankAsNull(v.expiresAt),
  planIdentifiers: v.planIdentifiers.length ? (v.planIdentifiers as CouponCreateRequest['planIdentifiers']) : null,
});

/** The redemption limit and the expiry date, typed the same way when a coupon is created and edited. */
function LimitAndExpiryFields({
  form,
  limitHint,
}: {
  form: { getInputProps: (field: 'maxRedemptions' | 'expiresAt') => GetInputPropsReturnType };
  limitHint: string;
}) {
  return (
    <>
      <TextInput
        label="Redemption limit"
        inputMode="numeric"
        autoComplete="off"
        description={limitHint}
        {...form.getInputProps('maxRedemptions')}
      />
      <TextInput
        label="Expires on"
        type="date"
        description="Valid until the end of this day (UTC). Blank: never."
        {...form.getInputProps('expiresAt')}
      />
    </>
  );
}

export function CouponCreateForm() {
  const form = useContractForm(couponCreateRequestSchema, EMPTY, { labels, toRequest: toCreateRequest });
  const create = useCreateCoupon({
    onSuccess: (res) => {
      notifySuccess(`Coupon ${res.data.id} created.`);
      form.reset();
    },
    onError: (error) => form.setServerErrors(error),
  });
  return (
    <Card withBorder padding="lg">
      <MutationForm form={form} mutation={create} submitLabel="Create coupon" gap="sm">
        <Title order={3} size="h5">
          Create a coupon
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Code"
            required
            maxLength={40}
            autoComplete="off"
            description="Letters, digits, - and _ (stored upper-case)."
            {...form.getInputProps('code')}
          />
          <TextInput
            label="Percent off"
            required
            inputMode="numeric"
            autoComplete="off"
            description="A whole number from 1 to 100."
            rightSection="%"
            {...form.getInputProps('percentOff')}
          />
          <LimitAndExpiryFields form={form} limitHint="How many checkouts may use it. Blank: no limit." />
        </SimpleGrid>
        <MultiSelect
          label="Plans"
          description="Blank: valid for every plan."
          data={[...PLAN_CODES]}
          clearable
          searchable
          {...form.getInputProps('planIdentifiers')}
        />
      </MutationForm>
    </Card>
  );
}

interface EditValues extends Record<string, unknown> {
  id: string;
  maxRedemptions: string;
  expiresAt: string;
}

const toUpdateRequest = (v: EditValues): CouponUpdateRequest => ({
  id: v.id,
  maxRedemptions: blankAsNull(v.maxRedemptions),
  expiresAt: blankAsNull(v.expiresAt),
});

/** The limit and the expiry of one coupon. */
export function CouponEditModal({ coupon, onClose }: { coupon: CouponSummary | null; onClose: () => void }) {
  return (
    <Modal opened={coupon !== null} onClose={onClose} title={<Text fw={700}>Edit coupon {coupon?.id}</Text>}>
      {coupon && <CouponEditForm key={coupon.id} coupon={coupon} onClose={onClose} />}
    </Modal>
  );
}

function CouponEditForm({ coupon, onClose }: { coupon: CouponSummary; onClose: () => void }) {
  const form = useContractForm(
    couponUpdateRequestSchema,
    {
      id: coupon.id,
      maxRedemptions: coupon.maxRedemptions === null ? '' : String(coupon.maxRedemptions),
      expiresAt: coupon.expiresAt ? coupon.expiresAt.slice(0, 10) : '',
    },
    { labels, toRequest: toUpdateRequest },
  );
  const update = useUpdateCoupon({
    onSuccess: () => {
      notifySuccess(`Coupon ${coupon.id} updated.`);
      onClose();
    },
    onError: (error) => form.setServerErrors(error),
  });
  return (
    <MutationForm form={form} mutation={update} cancel={{ label: 'Close', onClick: onClose }} gap="sm">
      <Text size="sm" c="dimmed">
        {coupon.percentOff}% off, redeemed {coupon.redeemed} time{coupon.redeemed === 1 ? '' : 's'}. The code and the
        percent cannot change once redeemed.
      </Text>
      <LimitAndExpiryFields form={form} limitHint={`Blank: no limit. At least ${Math.max(1, coupon.redeemed)}.`} />
    </MutationForm>
  );
}
