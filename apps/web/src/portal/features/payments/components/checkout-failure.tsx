import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** The card provider's message after a failed payment, beside the form. */
export function CheckoutFailure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Payment failed" role="alert">
      {message}
    </Alert>
  );
}
