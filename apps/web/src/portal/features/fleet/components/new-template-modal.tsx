import { templateCreateRequestSchema } from '@fleetdeck/contract';
import { Modal, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BoundTextInput } from '@/shared/components/form-fields';
import { MutationForm } from '@/shared/components/mutation-form';
import { ServerSearchSelect } from '@/shared/components/server-search-select';
import { useContractForm } from '@/shared/lib/form';
import { useDeviceChoices } from '../api/get-device-choices';
import { useCreateTemplate } from '../api/create-template';
import { templateDetailHref } from './template-links';

/** "New template": a name and the device whose settings become version 1 (`POST templates {name, fromProfileId}`). */
export function NewTemplateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700}>New template</Text>} size="md">
      {/* Mounted while open: a second opening starts empty. */}
      {opened ? <NewTemplateForm onClose={onClose} /> : null}
    </Modal>
  );
}

function NewTemplateForm({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const form = useContractForm(
    templateCreateRequestSchema,
    { name: '', fromProfileId: '' },
    {
      labels: { name: 'Name' },
      rules: ({ fromProfileId }) => ({
        fromProfileId: fromProfileId ? undefined : 'Choose the device whose settings the template starts from',
      }),
    },
  );
  const create = useCreateTemplate({
    onSuccess: (answer) => void navigate(templateDetailHref(answer.data._id)),
    onError: (error) => form.setServerErrors(error),
  });
  const [search, setSearch] = useState('');
  const devices = useDeviceChoices(search);
  const options = (devices.data ?? []).map((d) => ({
    value: d._id,
    label: `${d.name}${d.profileName ? ` · ${d.profileName}` : ''} (${d.appName})`,
  }));
  return (
    <MutationForm
      form={form}
      mutation={create}
      label="New template"
      submitLabel="Create template"
      submitIcon={<IconPlus size={16} />}
      cancel={{ onClick: onClose }}
    >
      <BoundTextInput form={form} field="name" label="Name" placeholder="e.g. Front desk tablets" autoComplete="off" />
      <ServerSearchSelect
        label="Device"
        description="The template starts as a copy of this device's settings (its family too)."
        placeholder="Type a serial number or device name"
        options={options}
        searching={devices.isFetching}
        onSearch={setSearch}
        nothingFoundMessage={devices.isFetching ? 'Searching…' : 'No device matches'}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('fromProfileId')}
        onChange={(value) => form.setFieldValue('fromProfileId', value ?? '')}
      />
    </MutationForm>
  );
}
