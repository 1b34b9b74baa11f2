import { profileUpdateRequestSchema } from '@fleetdeck/contract';
import { PasswordInput } from '@mantine/core';
import { useContractForm } from '@/shared/lib/form';
import { SaveRow } from './save-button';
import { TabForm } from './tab-form';
import { useTargetSave, type SettingsTarget } from './target';

/** Pin: 4 to 12 digits, or empty for none. */
export function PinTab({ target }: { target: SettingsTarget }) {
  const form = useContractForm(
    profileUpdateRequestSchema,
    { pin: target.settings.pin },
    { labels: { pin: 'Pin' }, toRequest: ({ pin }) => ({ profileId: target.id, pin }) },
  );
  const update = useTargetSave(target, 'update');
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
