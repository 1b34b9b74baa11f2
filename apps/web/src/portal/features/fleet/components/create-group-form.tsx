import { FLEET_NAME_MAX, groupCreateRequestSchema, type Family, type Group } from '@fleetdeck/contract';
import { Select, TextInput } from '@mantine/core';
import { MutationForm } from '@/shared/components/mutation-form';
import { ServerSearchSelect } from '@/shared/components/server-search-select';
import { useContractForm } from '@/shared/lib/form';
import { useCreateGroup } from '../api/create-group';
import { useTemplatePicker } from '../api/get-template-choices';
import { useFamilyOptions } from './families';

const LABELS = { name: 'Name', family: 'App family', templateId: 'Template' };

/** `POST groups {name, family, templateId?}`: a template of the group's family, or none yet. */
export function CreateGroupForm({ onCreated, onCancel }: { onCreated: (group: Group) => void; onCancel: () => void }) {
  const form = useContractForm(
    groupCreateRequestSchema,
    { name: '', family: 'PD' as Family, templateId: null as string | null },
    { labels: LABELS },
  );
  const create = useCreateGroup({
    onSuccess: (answer) => onCreated(answer.data),
    onError: (error) => form.setServerErrors(error),
  });
  const families = useFamilyOptions();
  const templates = useTemplatePicker(form.values.family, form.values.templateId);
  return (
    <MutationForm
      form={form}
      mutation={create}
      label="New group"
      submitLabel="Create group"
      cancel={{ onClick: onCancel }}
    >
      <TextInput label="Name" required maxLength={FLEET_NAME_MAX} {...form.getInputProps('name')} />
      <Select
        label="App family"
        required
        data={families}
        allowDeselect={false}
        {...form.getInputProps('family')}
        onChange={(value) => {
          form.setFieldValue('family', (value ?? 'PD') as Family);
          // A template belongs to one family: another family's choice no longer fits.
          form.setFieldValue('templateId', null);
        }}
      />
      <ServerSearchSelect
        label="Template"
        placeholder="No template yet"
        description="Its current version is applied to every device that joins the group."
        clearable
        {...templates.select}
        {...form.getInputProps('templateId')}
      />
    </MutationForm>
  );
}
