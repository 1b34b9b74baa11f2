import { FLEET_NAME_MAX, groupUpdateRequestSchema, type Group } from '@fleetdeck/contract';
import { Button, Card, Group as Row, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '@/shared/components/confirm-dialog';
import { MutationForm } from '@/shared/components/mutation-form';
import { useContractForm } from '@/shared/lib/form';
import { useTemplatePicker } from '../api/get-template-choices';
import { ServerSearchSelect } from '@/shared/components/server-search-select';
import { useUpdateGroup } from '../api/update-group';
import { devicesText } from './group-facts';
import { Allowed, EditableBy } from '@/portal/lib/permissions';

/** `PUT groups/:id {name}`. */
function RenameForm({ group }: { group: Group }) {
  const form = useContractForm(groupUpdateRequestSchema, { name: group.name }, { labels: { name: 'Name' } });
  const rename = useUpdateGroup({ onError: (error) => form.setServerErrors(error) });
  return (
    <MutationForm
      form={form}
      mutation={{ mutate: (body) => rename.mutate({ id: group._id, ...body }), isPending: rename.isPending }}
      label="Rename the group"
      submitLabel="Rename"
    >
      <TextInput label="Name" required maxLength={FLEET_NAME_MAX} {...form.getInputProps('name')} />
    </MutationForm>
  );
}

/**
 * `PUT groups/:id {templateId}`: the template's current version goes to every device of the group at once, so the
 * choice is confirmed first ("applies version 4 to 12 devices"); no template leaves the devices' settings as they are.
 */
function TemplateChoice({ group }: { group: Group }) {
  const [choice, setChoice] = useState<string | null>(group.templateId);
  const { chosen, select } = useTemplatePicker(group.family, choice);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateGroup({ onSuccess: () => setConfirming(false) });
  const unchanged = choice === group.templateId;
  const message = chosen
    ? `${chosen.name}: this applies version ${chosen.version} to ${devicesText(group.deviceCount)} of ${group.name} at once, replacing each device's settings with the template's.`
    : `${group.name} will have no template. Its ${devicesText(group.deviceCount)} keep their settings as they are.`;
  return (
    <Stack gap="sm">
      <EditableBy to="fleet.write">
        <ServerSearchSelect
          label="Template"
          placeholder="No template"
          clearable
          {...select}
          value={choice}
          onChange={setChoice}
        />
      </EditableBy>
      <Row justify="flex-end">
        <Allowed to="fleet.write">
          <Button disabled={unchanged || (choice !== null && !chosen)} onClick={() => setConfirming(true)}>
            Apply template
          </Button>
        </Allowed>
      </Row>
      <ConfirmDialog
        opened={confirming}
        title={
          chosen ? `Apply version ${chosen.version} to ${devicesText(group.deviceCount)}?` : 'Remove the template?'
        }
        message={message}
        confirmLabel={chosen ? 'Apply' : 'Remove template'}
        loading={update.isPending}
        onConfirm={() => update.mutate({ id: group._id, templateId: choice })}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}

/** A group's name and template. */
export function GroupSettings({ group }: { group: Group }) {
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="lg">
        <Text fw={700}>Settings</Text>
        <Allowed to="fleet.write">
          <RenameForm key={group.name} group={group} />
        </Allowed>
        <TemplateChoice key={group.templateId ?? 'none'} group={group} />
      </Stack>
    </Card>
  );
}
