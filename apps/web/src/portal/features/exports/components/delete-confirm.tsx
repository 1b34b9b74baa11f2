import { ConfirmDialog } from '@/shared/components/confirm-dialog';

interface DeleteConfirmProps {
  opened: boolean;
  /** What is deleted, e.g. 'This export will be deleted.' */
  message: string;
  loading: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Spec 2 §5: deleting an export (or one of its apps) asks 'Are you sure?' with the button 'Yes, delete it!'. */
export function DeleteConfirm({ opened, message, loading, onConfirm, onCancel }: DeleteConfirmProps) {
  return (
    <ConfirmDialog
      opened={opened}
      title="Are you sure?"
      message={message}
      confirmLabel="Yes, delete it!"
      confirmColor="red"
      loading={loading}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
