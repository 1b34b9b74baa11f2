import { Button, Group, type ButtonProps } from '@mantine/core';
import { Allowed } from '@/portal/lib/permissions';

/** A profile form's "Save": busy and disabled while the update runs; shown only to a member who may change the fleet. */
export function SaveButton({ pending, ...rest }: ButtonProps & { pending: boolean }) {
  return (
    <Allowed to="fleet.write">
      <Button type="submit" loading={pending} disabled={pending} {...rest}>
        Save
      </Button>
    </Allowed>
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
