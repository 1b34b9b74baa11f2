import { profileUpdateRequestSchema, type ProfileDetail } from '@fleetdeck/contract';
import { PasswordInput } from '@mantine/core';
import { useContractForm } from '@/shared/lib/form';
import { useUpdateProfile } from '../api/update-profile';
import { SaveRow } from './save-button';
import { TabForm } from './tab-form';

/** Pin: 4 to 12 digits, or empty for none. */
export function PinTab({ profile }: { profile: ProfileDetail }) {
  const form = useContractForm(
    profileUpdateRequestSchema,
    { pin: profile.pin },
    { labels: { pin: 'Pin' }, toRequest: ({ pin }) => ({ profileId: profile._id, pin }) },
  );
  const update = useUpdateProfile();
  return (
    <TabForm
      title="Pin"
      description="The pin that unlocks the app's settings on the device. Leave it empty for no pin."
      onSubmit={form.submit((request) => update.mutate(request), update.isPending)}
      maw={420}
    >
      <PasswordInput
        label="Pin"
        name="pin"
        inputMode="numeric"
        autoComplete="off"
        description="4 to 12 digits"
        {...form.getInputProps('pin')}
      />
      <SaveRow pending={update.isPending} />
    </TabForm>
  );
}
