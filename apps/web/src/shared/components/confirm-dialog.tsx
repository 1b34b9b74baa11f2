import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  confirmColor?: string;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A Mantine modal that asks the user to confirm (never `window.confirm`). */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel = 'OK',
  cancelLabel = 'Cancel',
  confirmColor,
  loading,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={<Text fw={700}>{title}</Text>} size="md">
      <Text c="dimmed" size="sm" component="div">
        {message}
      </Text>
      <Group justify="flex-end" mt="xl" gap="sm">
        <Button variant="default" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button color={confirmColor} onClick={onConfirm} loading={loading} data-autofocus>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}

interface DeleteDialogProps<T> {
  /** The row being deleted; the dialog is open while it is set. */
  item: T | null;
  message: ReactNode;
  loading?: boolean;
  onConfirm: (item: T) => void;
  onCancel: () => void;
}

/** A list row's delete confirmation: "Are you sure?" with a red "Yes, delete it!". */
export function DeleteDialog<T>({ item, message, loading, onConfirm, onCancel }: DeleteDialogProps<T>) {
  return (
    <ConfirmDialog
      opened={item !== null}
      title="Are you sure?"
      message={message}
      confirmLabel="Yes, delete it!"
      confirmColor="red"
      loading={loading}
      onConfirm={() => item !== null && onConfirm(item)}
      onCancel={onCancel}
    />
  );
}
