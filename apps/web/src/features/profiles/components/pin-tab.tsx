import { pinSchema, type ProfileDetail } from '@fleetdeck/contract';
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useUpdateProfile } from '../api/update-profile';
import { fieldMessage, validate } from '@/lib/form';

/** Pin: 4 to 12 digits, or empty for none. */
export function PinTab({ profile }: { profile: ProfileDetail }) {
  const [pin, setPin] = useState(profile.pin);
  const [error, setError] = useState<string>();
  const update = useUpdateProfile();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    const checked = validate(pinSchema, pin);
    if (!checked.ok) {
      setError(fieldMessage('Pin', checked.errors['']));
      return;
    }
    setError(undefined);
    update.mutate({ profileId: profile._id, pin: checked.data });
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Pin">
      <Stack gap="md" maw={420}>
        <div>
          <Text fw={700}>Pin</Text>
          <Text size="sm" c="dimmed">
            The pin that unlocks the app&apos;s settings on the device. Leave it empty for no pin.
          </Text>
        </div>
        <PasswordInput
          label="Pin"
          name="pin"
          inputMode="numeric"
          autoComplete="off"
          description="4 to 12 digits"
          value={pin}
          onChange={(e) => {
            setPin(e.currentTarget.value);
            setError(undefined);
          }}
          error={error}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
