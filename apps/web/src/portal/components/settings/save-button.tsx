import { Button, Group, type ButtonProps } from '@mantine/core';

/** A profile form's "Save": busy and disabled while the update runs. */
export function SaveButton({ pending, ...rest }: ButtonProps & { pending: boolean }) {
  return (
    <Button type="submit" loading={pending} disabled={pending} {...rest}>
      Save
    </Button>
  );
}

/** `SaveButton` on the right under a form. */
export function SaveRow({ pending }: { pending: boolean }) {
  return (
    <Group justify="flex-end">
      <SaveButton pending={pending} />
    </Group>
  );
}
