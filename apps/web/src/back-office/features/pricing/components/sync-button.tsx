import { Button, type ButtonProps } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A "Sync …" button of the pricing pages: clears the last run's summary (`onStart`), then runs `sync`. */
export function SyncButton({
  sync,
  onStart,
  variant,
  children,
}: {
  sync: { isPending: boolean; mutate: () => void };
  onStart: () => void;
  variant?: ButtonProps['variant'];
  children: ReactNode;
}) {
  return (
    <Button
      variant={variant}
      leftSection={<IconRefresh size={16} />}
      loading={sync.isPending}
      loaderProps={{ type: 'dots' }}
      onClick={() => {
        onStart();
        sync.mutate();
      }}
    >
      {children}
    </Button>
  );
}
