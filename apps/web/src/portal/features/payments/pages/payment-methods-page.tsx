import type { SavedPaymentMethod } from '@fleetdeck/contract';
import { Badge, Button, Card, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCreditCard, IconPlus } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import {
  brandLabel,
  CardEntry,
  CardPaymentError,
  PaymentBrandIcon,
  type CardEntryHandle,
} from '@/portal/components/card-entry';
import { StaffSessionLock } from '@/portal/components/staff-session-lock';
import { DeleteAction } from '@/shared/components/delete-action';
import { ConfirmDialog } from '@/shared/components/confirm-dialog';
import { QueryError } from '@/shared/components/query-view';
import { errorMessage } from '@/shared/lib/api-client';
import { notifyError } from '@/shared/lib/notify';
import { useAttachPaymentMethod } from '../api/attach-payment-method';
import { usePaymentMethods } from '../api/get-payment-methods';
import { useDetachPaymentMethod } from '../api/detach-payment-method';
import { useSetDefaultPaymentMethod } from '../api/set-default-payment-method';
import { TestModeBanner } from '../components/test-mode-banner';
import { Allowed } from '@/portal/lib/permissions';

const pad2 = (n: number) => String(n).padStart(2, '0');

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ wordBreak: 'break-all' }}>
        {value || '-'}
      </Text>
    </div>
  );
}

const methodName = (method: SavedPaymentMethod) =>
  method.type === 'paypal' ? 'PayPal' : `${brandLabel(method.card?.brand)} •••• ${method.card?.last4 ?? ''}`;

function MethodCard({
  method,
  isDefault,
  onMakeDefault,
  onRemove,
}: {
  method: SavedPaymentMethod;
  isDefault: boolean;
  onMakeDefault: () => void;
  onRemove: () => void;
}) {
  const title = methodName(method);
  return (
    <Card withBorder padding="md" radius="md" data-testid={`payment-method-${method.id}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <PaymentBrandIcon brand={method.type === 'paypal' ? 'paypal' : method.card?.brand} size={28} />
          <Text fw={700}>{title}</Text>
        </Group>
        {isDefault ? (
          <Badge color="teal" variant="light">
            Default
          </Badge>
        ) : (
          // The default card stays (renewals charge it): only the others can be removed.
          <Group gap="xs" wrap="nowrap">
            <Button size="xs" variant="light" onClick={onMakeDefault}>
              Make default
            </Button>
            <Allowed to="billing.write">
              <DeleteAction label={`Remove ${title}`} hint="Remove" onClick={onRemove} />
            </Allowed>
          </Group>
        )}
      </Group>
      <Group gap="xl" mt="md">
        {method.type === 'paypal' && method.paypal ? (
          <>
            <Detail label="Country" value={method.paypal.country} />
            <Detail label="Payer email" value={method.paypal.payer_email} />
            <Detail label="Payer id" value={method.paypal.payer_id} />
          </>
        ) : method.card ? (
          <>
            <Detail label="Brand" value={brandLabel(method.card.brand)} />
            <Detail label="Country" value={method.card.country} />
            <Detail label="Expiry" value={`${pad2(method.card.exp_month)}/${method.card.exp_year}`} />
            <Detail label="Last 4" value={method.card.last4} />
          </>
        ) : null}
      </Group>
    </Card>
  );
}

function AddCardForm() {
  const card = useRef<CardEntryHandle>(null);
  const [tokenising, setTokenising] = useState(false);
  const attach = useAttachPaymentMethod({ onSuccess: () => card.current?.clear() });
  const busy = tokenising || attach.isPending;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !card.current || !card.current.validate()) return;
    setTokenising(true);
    let pmId: string;
    try {
      pmId = await card.current.createPaymentMethod();
    } catch (error) {
      notifyError(error instanceof CardPaymentError ? error.message : errorMessage(error));
      return;
    } finally {
      setTokenising(false);
    }
    attach.mutate({ pmId });
  };

  return (
    <Card withBorder padding="lg" radius="md">
      <Title order={2} fz="lg" mb={4}>
        Add a card
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Cards are stored by our payment provider; we keep only the brand, country, expiry and last 4 digits.
      </Text>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="md">
          <CardEntry ref={card} disabled={busy} />
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconPlus size={16} />} loading={busy}>
              Save card
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

export function PaymentMethodsPage() {
  const methods = usePaymentMethods();
  const [pending, setPending] = useState<SavedPaymentMethod | null>(null);
  const makeDefault = useSetDefaultPaymentMethod({ onSettled: () => setPending(null) });
  const [removing, setRemoving] = useState<SavedPaymentMethod | null>(null);
  const remove = useDetachPaymentMethod({ onSettled: () => setRemoving(null) });

  const list = methods.data?.data ?? [];
  const defaultId = methods.data?.defaultSource ?? list.find((m) => m.isDefault)?.id ?? null;

  return (
    <StaffSessionLock>
      <Grid gap="lg">
        <Grid.Col span={12}>
          <TestModeBanner />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <Title order={2} fz="lg">
              Saved payment methods
            </Title>
            {methods.isPending ? (
              <>
                <Skeleton height={110} radius="md" />
                <Skeleton height={110} radius="md" />
              </>
            ) : methods.isError ? (
              <QueryError title="Your payment methods could not load" query={methods} />
            ) : list.length === 0 ? (
              <Card withBorder padding="xl" radius="md">
                <Stack align="center" gap="xs" ta="center">
                  <IconCreditCard size={36} stroke={1.4} color="var(--mantine-color-gray-5)" />
                  <Text fw={600}>No payment methods yet</Text>
                  <Text size="sm" c="dimmed">
                    Add a card to pay for subscriptions and licences.
                  </Text>
                </Stack>
              </Card>
            ) : (
              list.map((m) => (
                <MethodCard
                  key={m.id}
                  method={m}
                  isDefault={m.id === defaultId}
                  onMakeDefault={() => setPending(m)}
                  onRemove={() => setRemoving(m)}
                />
              ))
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <AddCardForm />
        </Grid.Col>
        <ConfirmDialog
          opened={pending !== null}
          title="Make default?"
          message={
            pending
              ? `Future payments and renewals will be charged to ${
                  pending.type === 'paypal'
                    ? 'PayPal'
                    : `${brandLabel(pending.card?.brand)} •••• ${pending.card?.last4 ?? ''}`
                }.`
              : ''
          }
          confirmLabel="Make default"
          loading={makeDefault.isPending}
          onCancel={() => setPending(null)}
          onConfirm={() => pending && makeDefault.mutate({ pmId: pending.id })}
        />
        <ConfirmDialog
          opened={removing !== null}
          title="Are you sure?"
          message={removing ? `${methodName(removing)} will be removed from your account.` : ''}
          confirmLabel="Yes, remove it!"
          confirmColor="red"
          loading={remove.isPending}
          onCancel={() => setRemoving(null)}
          onConfirm={() => removing && remove.mutate({ pmId: removing.id })}
        />
      </Grid>
    </StaffSessionLock>
  );
}
