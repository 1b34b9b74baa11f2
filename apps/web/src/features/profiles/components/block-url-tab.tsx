import { httpUrlSchema, type ProfileDetail } from '@fleetdeck/contract';
import { useAddBlockUrl } from '../api/add-block-url';
import { useDeleteBlockUrl } from '../api/delete-block-url';
import { EntryListEditor, succeeded } from './entry-list-editor';

/** URL (URL Blocker, Super Lock): the blocked URLs. */
export function BlockUrlTab({ profile }: { profile: ProfileDetail }) {
  const add = useAddBlockUrl();
  const remove = useDeleteBlockUrl();
  return (
    <EntryListEditor
      title="Blocked URLs"
      description="Websites the device may not open."
      items={profile.blockUrl}
      inputLabel="URL"
      placeholder="https://example.com"
      schema={httpUrlSchema}
      emptyMessage="No blocked URLs yet."
      deleteMessage="URL will be removed from this list"
      adding={add.isPending}
      deleting={remove.isPending}
      onAdd={(url) => succeeded(add.mutateAsync({ profileId: profile._id, url }))}
      onDelete={(url) => succeeded(remove.mutateAsync({ profileId: profile._id, url }))}
    />
  );
}
