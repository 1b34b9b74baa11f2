import { Alert, Button, Text, type AlertProps } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { errorMessage } from '@/shared/lib/api-client';

interface LoadErrorProps extends Omit<AlertProps, 'title' | 'children' | 'color' | 'variant' | 'icon'> {
  /** What could not load, e.g. "The plans could not load". */
  title: string;
  /** The failed query's error; its message is shown. */
  error: unknown;
  onRetry: () => void;
  /** Shows the button as loading while the query refetches. */
  retrying?: boolean;
  retryLabel?: string;
}

/** A red alert with the error's message and a Retry button, for a query that failed to load. */
export function LoadError({
  title,
  error,
  onRetry,
  retrying = false,
  retryLabel = 'Retry',
  ...others
}: LoadErrorProps) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={title} {...others}>
      <Text size="sm">{errorMessage(error)}</Text>
      <Button
        mt="md"
        size="xs"
        variant="light"
        color="red"
        leftSection={<IconRefresh size={14} />}
        loading={retrying}
        onClick={onRetry}
      >
        {retryLabel}
      </Button>
    </Alert>
  );
}
