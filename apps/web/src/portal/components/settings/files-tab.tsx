import { filePathSchema, profileUpdateRequestSchema } from '@fleetdeck/contract';
import { Divider, Group, Stack, TextInput } from '@mantine/core';
import { useContractForm } from '@/shared/lib/form';
import { EntryListEditor, useEntrySaves } from './entry-list-editor';
import { SaveButton } from './save-button';
import { TabForm } from './tab-form';
import { useTargetSave, type SettingsTarget } from './target';

function BlockFileUrlForm({ target }: { target: SettingsTarget }) {
  const form = useContractForm(
    profileUpdateRequestSchema,
    { blockFileUrl: target.settings.blockFileUrl },
    { labels: { blockFileUrl: 'Block file URL' }, toRequest: (values) => ({ profileId: target.id, ...values }) },
  );
  const update = useTargetSave(target, 'update');
  return (
    <TabForm
      title="Block file URL"
      description="An http(s) address the device downloads its file block list from. Leave it empty for none."
      onSubmit={form.submit((request) => update.mutate(request), update.isPending)}
      gap="sm"
    >
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput
          label="Block file URL"
          placeholder="https://example.com/blocked-files.txt"
          {...form.getInputProps('blockFileUrl')}
          size="sm"
          style={{ flex: 1 }}
          autoComplete="off"
        />
        <SaveButton pending={update.isPending} size="sm" mt={25} />
      </Group>
    </TabForm>
  );
}

/** Files (Power Cleaner, Super Lock cleaner) and File (URL Blocker, with the block file URL): profileFiles. */
export function FilesTab({ target, withBlockFileUrl = false }: { target: SettingsTarget; withBlockFileUrl?: boolean }) {
  const saves = useEntrySaves(target, 'file');
  return (
    <Stack gap="xl">
      <EntryListEditor
        title="Files"
        description={
          withBlockFileUrl
            ? 'Files the app blocks on the device. Paths are absolute, e.g. /sdcard/Download/report.pdf.'
            : 'Files the cleaner deletes on the device. Paths are absolute, e.g. /sdcard/Download/report.pdf.'
        }
        items={target.settings.profileFiles}
        inputLabel="File path"
        placeholder="/sdcard/Download/report.pdf"
        schema={filePathSchema}
        emptyMessage="No file paths yet."
        deleteMessage="File path will be removed from this list"
        {...saves}
      />
      {withBlockFileUrl ? (
        <>
          <Divider />
          <BlockFileUrlForm target={target} />
        </>
      ) : null}
    </Stack>
  );
}
