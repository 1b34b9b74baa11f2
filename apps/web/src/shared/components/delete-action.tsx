import { ActionIcon, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';

interface DeleteActionProps {
  /** Names what it deletes for screen readers ("Delete <name>"). */
  label: string;
  onClick: () => void;
  /** The tooltip (default "Delete"). */
  hint?: string;
  disabled?: boolean;
}

/** The red trash icon of a list row. */
export function DeleteAction({ label, onClick, hint = 'Delete', disabled }: DeleteActionProps) {
  return (
    <Tooltip label={hint} withArrow>
      <ActionIcon variant="subtle" color="red" aria-label={label} onClick={onClick} disabled={disabled}>
        <IconTrash size={16} />
      </ActionIcon>
    </Tooltip>
  );
}
