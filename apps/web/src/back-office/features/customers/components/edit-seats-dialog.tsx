import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { MAX_STAFF_QTY, type CustomerPayment, type EnrolledDevice } from '@fleetdeck/contract/staff';
import { ConfirmDialog } from '@/shared/components/confirm-dialog';
import { DeleteAction } from '@/shared/components/delete-action';
import { QueryError } from '@/shared/components/query-view';
import { checkNumber, NumberField } from '@/shared/components/number-field';
import { usePaymentDetail } from '../../../api/payment-detail';
import { useDeleteCustomerDevice } from '../api/delete-device';
import { useDevicesByProduct } from '../api/devices-by-product';
import { useUpdateSubscriptionQty } from '../api/subscription-update';

/** Seats staff type (offline sale, seat edit): whole, 1 to 100,000, as the server refuses. */
export const SEAT_RULES = { kind: 'whole', min: 1, max: MAX_STAFF_QTY } as const;

/**
 * Spec 3 "Customer subscriptions" edit dialog: purchased qty, the new qty, and the enrolled devices of the product's
 * app, each with a delete (a logout, confirmed first). Fewer seats than devices are refused by the server with what to
 * log out; the same number answers "No change made." (both as toasts).
 */
export function EditSeatsDialog({
  customerId,
  payment,
  onClose,
}: {
  customerId: string;
  payment: CustomerPayment | null;
  onClose: () => void;
}) {
  // A partly refunded payment's edit is of the seats it has left (DECISIONS §14), which payments/detail answers.
  const partly = payment?.status === 'Partially refunded';
  const left = usePaymentDetail(partly ? payment._id : '', undefined);
  const current = partly ? left.data?.data.seatsLeft : payment?.qty;
  // The typed qty (as typed) belongs to the payment it was typed for; another payment starts from its own seats.
  const [draft, setDraft] = useState<{ id: string; text: string } | null>(null);
  const text = payment && draft?.id === payment._id ? draft.text : current === undefined ? '' : String(current);
  const setText = (value: string) => payment && setDraft({ id: payment._id, text: value });
  const qty = checkNumber(text, SEAT_RULES).value;
  const [removing, setRemoving] = useState<EnrolledDevice | null>(null);
  const product = payment?.priceId.identifier ?? '';
  const devices = useDevicesByProduct(customerId, product, payment !== null);
  const update = useUpdateSubscriptionQty({ onSuccess: onClose });
  const remove = useDeleteCustomerDevice({ onSuccess: () => setRemoving(null) });
  const rows = devices.data?.data ?? [];

  return (
    <>
      <Modal
        opened={payment !== null && removing === null}
        onClose={onClose}
        title={<Text fw={700}>Edit licences — {payment?.productName}</Text>}
        size="lg"
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (payment && qty !== null) update.mutate({ id: payment._id, updatedQty: qty });
          }}
        >
          <Stack gap="md">
            <Group grow align="flex-start">
              <TextInput
                label={partly ? 'Seats left' : 'Purchased qty'}
                description={partly ? `${payment.qty} bought, some refunded` : undefined}
                value={current === undefined ? '' : String(current)}
                readOnly
                variant="filled"
              />
              <NumberField label="Update qty" withAsterisk {...SEAT_RULES} value={text} onChange={setText} />
            </Group>
            <Stack gap={4}>
              <Text fw={600} size="sm">
                Enrolled devices{devices.data ? ` (${devices.data.total})` : ''}
              </Text>
              {devices.isError ? (
                <QueryError title="The devices could not load" query={devices} />
              ) : (
                <Stack gap={0} mah={300} style={{ overflowY: 'auto' }} aria-label="Enrolled devices" role="list">
                  {rows.length === 0 ? (
                    <Text size="sm" c="dimmed" ta="center" py="sm">
                      {devices.isFetching ? 'Loading…' : 'No device of this app is enrolled.'}
                    </Text>
                  ) : (
                    rows.map((d) => (
                      <Group
                        key={d._id}
                        role="listitem"
                        justify="space-between"
                        wrap="nowrap"
                        gap="sm"
                        py={6}
                        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
                      >
                        <Stack gap={0} style={{ minWidth: 0 }}>
                          <Text size="sm" fw={600} truncate>
                            {d.deviceName || '-'}
                          </Text>
                          <Text size="xs" c="dimmed" ff="monospace" truncate>
                            {d.serialNumber}
                          </Text>
                        </Stack>
                        <DeleteAction
                          label={`Log out ${d.serialNumber}`}
                          hint="Log this device out"
                          onClick={() => setRemoving(d)}
                        />
                      </Group>
                    ))
                  )}
                </Stack>
              )}
            </Stack>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Close
              </Button>
              <Button type="submit" loading={update.isPending} disabled={qty === null}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <ConfirmDialog
        opened={removing !== null}
        title="Log this device out?"
        message={`${removing?.deviceName || 'The device'} (${removing?.serialNumber ?? ''}) is signed out of the app at once and its licence is freed.`}
        confirmLabel="Yes, log it out"
        confirmColor="red"
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing._id)}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
