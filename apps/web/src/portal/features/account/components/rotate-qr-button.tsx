import { Button } from '@mantine/core';
import { useState } from 'react';
import { IconRefresh } from '@tabler/icons-react';
import { ConfirmDialog } from '@/shared/components/confirm-dialog';
import { useRotateEnrolmentToken } from '../api/rotate-enrolment-token';
import { Allowed } from '@/portal/lib/permissions';

/** Replaces the login QR code after a confirmation (the old code stops enrolling devices). */
export function RotateQrButton({ disabled }: { disabled?: boolean }) {
  const [opened, setOpened] = useState(false);
  const rotate = useRotateEnrolmentToken({ onSuccess: () => setOpened(false) });
  return (
    <>
      <Allowed to="account.write">
        <Button
          variant="light"
          leftSection={<IconRefresh size={16} />}
          onClick={() => setOpened(true)}
          disabled={disabled || rotate.isPending}
          fullWidth
        >
          Rotate QR code
        </Button>
      </Allowed>
      <ConfirmDialog
        opened={opened}
        title="Rotate the QR code?"
        message="The current QR code will stop enrolling devices at once. Devices already enrolled keep working."
        confirmLabel="Rotate"
        confirmColor="red"
        loading={rotate.isPending}
        onConfirm={() => rotate.mutate()}
        onCancel={() => setOpened(false)}
      />
    </>
  );
}
