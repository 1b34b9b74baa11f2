import { Button } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '@/shared/lib/api-client';
import { notifyError } from '@/shared/lib/notify';

/** A chart's Export button: downloads its CSV; "No data to export" and other failures toast the server's message. */
export function ExportButton({ onExport, label }: { onExport: () => Promise<unknown>; label: string }) {
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconFileExport size={14} />}
      loading={pending}
      aria-label={label}
      onClick={() => {
        setPending(true);
        void onExport()
          .catch((error: unknown) => notifyError(errorMessage(error)))
          .finally(() => setPending(false));
      }}
    >
      Export
    </Button>
  );
}
