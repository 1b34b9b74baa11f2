import { ConfirmDialog } from '@/shared/components/confirm-dialog';
import { useAppConfig, useProductName } from '@/shared/lib/app-config';
import { browser } from '@/shared/lib/navigation';

interface LegacyUserDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** A failed login with `userExist: 1`: the email belongs to the old system (spec 1 §8). */
export function LegacyUserDialog({ opened, onClose }: LegacyUserDialogProps) {
  const product = useProductName();
  const oldSystemLoginUrl = useAppConfig().data?.oldSystemLoginUrl ?? null;
  return (
    <ConfirmDialog
      opened={opened}
      title="Account on the old system"
      message={`This email belongs to old ${product} System, click ok to redirect to new site`}
      confirmLabel="OK"
      onCancel={onClose}
      onConfirm={() => {
        if (oldSystemLoginUrl) browser.assign(oldSystemLoginUrl);
        else onClose();
      }}
    />
  );
}
