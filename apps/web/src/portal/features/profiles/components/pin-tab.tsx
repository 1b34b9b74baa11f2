import { profileUpdateRequestSchema, type ProfileDetail } from '@fleetdeck/contract';
import { PasswordInput, Stack, Text } from '@mantine/core';
import { useContractForm } from '@/shared/lib/form';
import { useUpdateProfile } from '../api/update-profile';
import { SaveRow } from './save-button';

/** Pin: 4 to 12 digits, or empty for none. */
export function PinTab({ profile }: { profile: ProfileDetail }) {
  const form = useContractForm(
    profileUpdateRequestSchema,
    { pin: profile.pin },
    { labels: { pin: 'Pin' }, toRequest: ({ pin }) => ({ profileId: profile._id, pin }) },
  );
  const update = useUpdateProfile();
  return (
    <form onSubmit={form.submit((request) => update.mutate(request), update.isPending)} noValidate aria-label="Pin">
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
          {...form.getInputProps('pin')}
        />
        <SaveRow pending={update.isPending} />
      </Stack>
    </form>
  );
}
