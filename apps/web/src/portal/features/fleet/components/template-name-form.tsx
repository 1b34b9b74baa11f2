import { fleetNameSchema, type Template } from '@fleetdeck/contract';
import { Group, TextInput } from '@mantine/core';
import { z } from 'zod/mini';
import { SaveButton } from '@/portal/components/settings/save-button';
import { EditableBy } from '@/portal/lib/permissions';
import { useContractForm } from '@/shared/lib/form';
import { useUpdateTemplate } from '../api/update-template';

const nameSchema = z.object({ name: fleetNameSchema });

/** The template's name: a rename keeps the version (`PUT templates/:id {name}`). */
export function TemplateNameForm({ template }: { template: Template }) {
  const form = useContractForm(nameSchema, { name: template.name }, { labels: { name: 'Name' } });
  const update = useUpdateTemplate({
    onSuccess: () => form.resetDirty(),
    onError: (error) => form.setServerErrors(error),
  });
  return (
    <form
      onSubmit={form.submit(({ name }) => update.mutate({ id: template._id, name }), update.isPending)}
      noValidate
      aria-label="Template name"
    >
      <EditableBy to="fleet.write">
        <Group align="flex-start" gap="sm" wrap="nowrap">
          <TextInput label="Name" autoComplete="off" style={{ flex: 1 }} maw={420} {...form.getInputProps('name')} />
          <SaveButton pending={update.isPending} mt={25} />
        </Group>
      </EditableBy>
    </form>
  );
}
