import { filePathSchema, profileUpdateRequestSchema, type ProfileDetail } from '@fleetdeck/contract';
import { Divider, Group, Stack, TextInput } from '@mantine/core';
import { useContractForm } from '@/shared/lib/form';
import { useAddProfileFile } from '../api/add-profile-file';
import { useDeleteProfileFile } from '../api/delete-profile-file';
import { useUpdateProfile } from '../api/update-profile';
import { EntryListEditor, entryCalls } from './entry-list-editor';
import { SaveButton } from './save-button';
import { TabForm } from './tab-form';

function BlockFileUrlForm({ profile }: { profile: ProfileDetail }) {
  const form = useContractForm(
    profileUpdateRequestSchema,
    { blockFileUrl: profile.blockFileUrl },
    { labels: { blockFileUrl: 'Block file URL' }, toRequest: (values) => ({ profileId: profile._id, ...values }) },
  );
  const update = useUpdateProfile();
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
export function FilesTab({
  profile,
  withBlockFileUrl = false,
}: {
  profile: ProfileDetail;
  withBlockFileUrl?: boolean;
}) {
  const add = useAddProfileFile();
  const remove = useDeleteProfileFile();
  return (
    <Stack gap="xl">
      <EntryListEditor
        title="Files"
        description={
          withBlockFileUrl
            ? 'Files the app blocks on the device. Paths are absolute, e.g. /sdcard/Download/report.pdf.'
            : 'Files the cleaner deletes on the device. Paths are absolute, e.g. /sdcard/Download/report.pdf.'
        }
        items={profile.profileFiles}
        inputLabel="File path"
        placeholder="/sdcard/Download/report.pdf"
        schema={filePathSchema}
        emptyMessage="No file paths yet."
        deleteMessage="File path will be removed from this list"
        {...entryCalls(profile._id, 'filePath', add, remove)}
      />
      {withBlockFileUrl ? (
        <>
          <Divider />
          <BlockFileUrlForm profile={profile} />
        </>
      ) : null}
    </Stack>
  );
}
