import { Badge, Group, Modal, Text, TextInput, Textarea } from '@mantine/core';
import { FOLLOWUP_CONTENT_MAX, failedPaymentEmailRequestSchema, type StaffPaymentRow } from '@fleetdeck/contract/staff';
import { useEffect } from 'react';
import { MutationForm } from '@/shared/components/mutation-form';
import { useProductName } from '@/shared/lib/app-config';
import { useContractForm } from '@/shared/lib/form';
import { useSendFailedPaymentEmail } from '../api/failed-payment-email';
import { formatPaymentEuro } from '../lib/format';

/** The prefilled apology of the Send Email modal (spec 3 "Payment history"). */
export function apologyText(product: string, row: StaffPaymentRow): string {
  const name = row.userId.name.trim() || 'there';
  const reason = row.message ? ` (${row.message.replace(/\.$/, '')})` : '';
  return [
    `Hello ${name},`,
    `We noticed that your recent payment of ${formatPaymentEuro(row.totalAmount)} for ${row.qty} × ${row.productName} did not go through${reason}. We are sorry for the trouble.`,
    `If anything stopped you from completing your purchase, just reply to this email and we will gladly help — or try again from the Plans page of your ${product} console.`,
    `Kind regards,\nThe ${product} team`,
  ].join('\n\n');
}

/** "Send Email" for a failed payment row: the apology text (editable), Close and Send; shows the follow-ups so far. */
export function SendEmailModal({ row, onClose }: { row: StaffPaymentRow | null; onClose: () => void }) {
  const product = useProductName();
  const form = useContractForm(
    failedPaymentEmailRequestSchema,
    { email: '', content: '' },
    { labels: { content: 'Message' } },
  );
  const { setValues, resetDirty } = form;
  useEffect(() => {
    if (row) {
      setValues({ email: row.email, content: apologyText(product, row) });
      resetDirty();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- prefill once per row opened.
  }, [row?._id]);
  const send = useSendFailedPaymentEmail({ onSuccess: onClose, onError: (error) => form.setServerErrors(error) });
  return (
    <Modal opened={row !== null} onClose={onClose} title={<Text fw={700}>Send Email</Text>} size="lg">
      {row ? (
        <MutationForm form={form} mutation={send} submitLabel="Send" cancel={{ label: 'Close', onClick: onClose }}>
          <TextInput label="To" value={row.email} readOnly />
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              Follow-up emails already sent:
            </Text>
            <Badge variant="light" color={row.failedEmailFollowupCount > 0 ? 'orange' : 'gray'}>
              {row.failedEmailFollowupCount}
            </Badge>
          </Group>
          <Textarea label="Message" rows={10} maxLength={FOLLOWUP_CONTENT_MAX} {...form.getInputProps('content')} />
        </MutationForm>
      ) : null}
    </Modal>
  );
}
