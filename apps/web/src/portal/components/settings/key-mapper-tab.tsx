import { KEY_EVENTS, KEY_NAMES, keyMapperAddRequestSchema, type KeyMapperEntry } from '@fleetdeck/contract';
import { Button, Grid, Stack, Table, Text, NativeSelect } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { DeleteDialog } from '@/shared/components/confirm-dialog';
import { useContractForm } from '@/shared/lib/form';
import { formatDate } from '@/shared/lib/format';
import { DeleteAction } from '@/shared/components/delete-action';
import { PackageNameInput, TabHeading } from './tab-form';
import { useTargetSave, type SettingsTarget } from './target';
import { Allowed } from '@/portal/lib/permissions';
import { TableScroll } from '@/shared/components/table-scroll';

type KeyName = (typeof KEY_NAMES)[number];
type KeyEvent = (typeof KEY_EVENTS)[number];

export const KEY_NAME_LABELS: Record<KeyName, string> = {
  BACK_KEY: 'Back key',
  RECENT_KEY: 'Recents key',
  HOME_KEY: 'Home key',
  VOLUME_UP_KEY: 'Volume Up key',
  VOLUME_DOWN_KEY: 'Volume Down key',
  POWER_KEY: 'Power key',
};
export const KEY_EVENT_LABELS: Record<KeyEvent, string> = {
  SINGLE_TAP: 'Single tap',
  DOUBLE_TAP: 'Double tap',
  LONG_PRESS: 'Long press',
};

function AddKeyMappingForm({ target }: { target: SettingsTarget }) {
  const form = useContractForm(
    keyMapperAddRequestSchema,
    { keyName: 'BACK_KEY' as KeyName, keyEvent: 'SINGLE_TAP' as KeyEvent, packageName: '' },
    {
      labels: { keyName: 'Key name', keyEvent: 'Key event', packageName: 'Package name' },
      toRequest: (values) => ({ profileId: target.id, ...values }),
    },
  );
  const add = useTargetSave(target, 'addKeyMapper');
  return (
    <form
      onSubmit={form.submit(
        (request) => add.mutate(request, { onSuccess: () => form.setFieldValue('packageName', '') }),
        add.isPending,
      )}
      noValidate
      aria-label="Add key mapping"
    >
      {/* Bottom-aligned: the button lines up with the inputs although only the package name has a description. */}
      <Grid gap="sm" align="flex-end">
        <Grid.Col span={{ base: 6, md: 3 }}>
          <NativeSelect
            label="Key name"
            size="sm"
            {...form.getInputProps('keyName')}
            data={KEY_NAMES.map((k) => ({ value: k, label: KEY_NAME_LABELS[k] }))}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 3 }}>
          <NativeSelect
            label="Key event"
            size="sm"
            {...form.getInputProps('keyEvent')}
            data={KEY_EVENTS.map((k) => ({ value: k, label: KEY_EVENT_LABELS[k] }))}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <PackageNameInput
            description="The app the key opens"
            placeholder="com.android.chrome"
            {...form.getInputProps('packageName')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 2 }}>
          <Button
            type="submit"
            leftSection={<IconPlus size={16} />}
            loading={add.isPending}
            disabled={add.isPending}
            size="sm"
            fullWidth
          >
            Add
          </Button>
        </Grid.Col>
      </Grid>
    </form>
  );
}

/** Key Mapper (Super Lock) and Key Mapping (Key Mapper): which app a key press opens. */
export function KeyMapperTab({ target }: { target: SettingsTarget }) {
  const { keyMapper } = target.settings;
  const [toDelete, setToDelete] = useState<KeyMapperEntry | null>(null);
  const remove = useTargetSave(target, 'deleteKeyMapper');
  return (
    <Stack gap="lg">
      <TabHeading title="Key Mapping" description="Open an app when a hardware key is pressed in a certain way." />
      <Allowed to="fleet.write">
        <AddKeyMappingForm target={target} />
      </Allowed>
      {keyMapper.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg" size="sm">
          No key mappings yet.
        </Text>
      ) : (
        <TableScroll label="Key mappings" minWidth={620}>
          <Table verticalSpacing="sm" highlightOnHover aria-label="Key mappings">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Key Name</Table.Th>
                <Table.Th>Key Event</Table.Th>
                <Table.Th>Package Name</Table.Th>
                <Table.Th>Created On</Table.Th>
                <Table.Th w={60} aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keyMapper.map((entry) => (
                <Table.Tr key={entry._id}>
                  <Table.Td>{KEY_NAME_LABELS[entry.keyName]}</Table.Td>
                  <Table.Td>{KEY_EVENT_LABELS[entry.keyEvent]}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{entry.packageName}</Table.Td>
                  <Table.Td>{formatDate(entry.created_at)}</Table.Td>
                  <Table.Td>
                    <Allowed to="fleet.write">
                      <DeleteAction
                        label={`Delete ${KEY_NAME_LABELS[entry.keyName]} ${KEY_EVENT_LABELS[entry.keyEvent]}`}
                        onClick={() => setToDelete(entry)}
                      />
                    </Allowed>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      <DeleteDialog
        item={toDelete}
        message="Key mapping will be removed from this list"
        loading={remove.isPending}
        onConfirm={(entry) => {
          if (!remove.isPending)
            remove.mutate({ profileId: target.id, id: entry._id }, { onSuccess: () => setToDelete(null) });
        }}
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  );
}
