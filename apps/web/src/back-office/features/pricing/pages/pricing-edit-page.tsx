import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconAlertCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  PRICE_STATUSES,
  priceUpdateRequestSchema,
  type PriceUpdateRequest,
  type StaffPrice,
} from '@fleetdeck/contract/staff';
import { MutationForm } from '@/shared/components/mutation-form';
import { ContentSkeleton } from '@/shared/components/page-loader';
import { QueryView } from '@/shared/components/query-view';
import { useContractForm } from '@/shared/lib/form';
import { staffPaths } from '../../../app/paths';
import { usePriceDetail } from '../api/price-detail';
import { useUpdatePrice } from '../api/price-update';
import { amountText, PriceAmountField, useAmountConfirmation, withAmountIfChanged } from '../components/price-amount';

/** Pricing edit (spec 3 "Pricing edit", query `id`): Update saves and goes back to the pricing list. */
export function PricingEditPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const detail = usePriceDetail(id);
  if (!id) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="No price chosen">
        Open a price from the pricing list.
      </Alert>
    );
  }
  return (
    <QueryView query={detail} errorTitle="The price could not load" loading={<ContentSkeleton />}>
      {({ data }) => <PriceForm key={data._id} price={data} />}
    </QueryView>
  );
}

function PriceForm({ price }: { price: StaffPrice }) {
  const navigate = useNavigate();
  const form = useContractForm(
    priceUpdateRequestSchema,
    {
      id: price._id,
      name: price.name,
      identifier: price.identifier as PriceUpdateRequest['identifier'],
      description: price.description,
      status: price.status,
      apkLink: price.apkLink,
      features: price.features,
      amount: amountText(price),
    },
    {
      labels: { name: 'Name', description: 'Description', apkLink: 'APK link', status: 'Status', amount: 'Amount' },
      toRequest: withAmountIfChanged(price),
    },
  );
  const update = useUpdatePrice({
    onSuccess: () => void navigate(staffPaths.pricingList.getHref()),
    onError: (error) => form.setServerErrors(error),
  });
  const amount = useAmountConfirmation(price, (request) => update.mutate(request), update.isPending);
  const features = form.getValues().features;
  return (
    <Stack gap="md" maw={760}>
      <Card withBorder padding="lg">
        <MutationForm
          form={form}
          mutation={{ mutate: amount.send, isPending: update.isPending }}
          submitLabel="Update"
          cancel={{ onClick: () => void navigate(staffPaths.pricingList.getHref()) }}
        >
          <TextInput label="Name" required maxLength={200} {...form.getInputProps('name')} />
          <TextInput
            label="Identifier"
            readOnly
            description="The plan code payments and devices use: it cannot change."
            {...form.getInputProps('identifier')}
          />
          <Textarea label="Description" rows={3} maxLength={2000} {...form.getInputProps('description')} />
          <PriceAmountField {...form.getInputProps('amount')} />
          <Select
            label="Status"
            data={PRICE_STATUSES.map((s) => ({ value: s, label: s }))}
            allowDeselect={false}
            description="An Inactive price is hidden from the plans page and can no longer be bought."
            {...form.getInputProps('status')}
          />
          <TextInput
            label="APK link"
            type="url"
            placeholder="https://…"
            maxLength={2000}
            description="Empty: the newest APK uploaded under Pricing → APKs. Another link is kept over uploads."
            {...form.getInputProps('apkLink')}
          />
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              Features
            </Text>
            {features.length === 0 && (
              <Text size="sm" c="dimmed">
                No features yet.
              </Text>
            )}
            {features.map((_, index) => (
              <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
                <Checkbox
                  mt={8}
                  aria-label={`Feature ${index + 1} checked`}
                  {...form.getInputProps(`features.${index}.checked`, { type: 'checkbox' })}
                />
                <TextInput
                  style={{ flex: 1 }}
                  aria-label={`Feature ${index + 1}`}
                  maxLength={200}
                  {...form.getInputProps(`features.${index}.text`)}
                />
                <ActionIcon
                  mt={4}
                  variant="subtle"
                  color="red"
                  aria-label={`Delete feature ${index + 1}`}
                  onClick={() => form.removeListItem('features', index)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={() => form.insertListItem('features', { text: '', checked: true })}
              >
                Add feature
              </Button>
            </Group>
          </Stack>
        </MutationForm>
      </Card>
      {amount.dialog}
    </Stack>
  );
}
