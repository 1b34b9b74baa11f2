import { Alert, Button } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '@/lib/api-client';

/** Shown when the account details could not be loaded. */
export function AccountLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Your account could not be loaded">
      {errorMessage(error)}
      <Button variant="light" color="red" size="xs" mt="sm" display="block" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
