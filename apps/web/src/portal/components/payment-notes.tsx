import { Alert, Text, type MantineSpacing } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { publicApi } from '@fleetdeck/contract';
import { useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';

/** The payment text staff keep on the back office's coupons page (public, no token). */
const usePaymentNotes = () =>
  useQuery({
    queryKey: ['public', 'payment-notes'],
    queryFn: async () => (await client(publicApi.paymentNotes)).data.value,
    staleTime: 5 * 60_000,
    meta: { silentError: true },
  });

/**
 * The payment notes staff write on the coupons page (spec 3 "Coupons"), shown as plain text with its line breaks on
 * the pricing, plans and payment pages; nothing when there are none or they could not load.
 */
export function PaymentNotes({ mt }: { mt?: MantineSpacing }) {
  const notes = usePaymentNotes();
  const value = notes.data?.trim();
  if (!value) return null;
  return (
    <Alert
      variant="light"
      color="blue"
      icon={<IconInfoCircle size={18} />}
      title="Payment notes"
      data-testid="payment-notes"
      mt={mt}
    >
      <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Alert>
  );
}
