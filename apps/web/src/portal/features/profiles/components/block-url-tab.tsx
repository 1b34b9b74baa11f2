import { httpUrlSchema, type ProfileDetail } from '@fleetdeck/contract';
import { z } from 'zod/mini';
import { useAddBlockUrl } from '../api/add-block-url';
import { useDeleteBlockUrl } from '../api/delete-block-url';
import { EntryListEditor, entryCalls } from './entry-list-editor';

/** A bare domain (`facebook.com`, `m.example.org/path`) is taken as its https:// address; a URL stays as typed. */
export const withScheme = (typed: string): string => {
  const value = typed.trim();
  return BARE_DOMAIN.test(value) ? `https://${value}` : value;
};

/** `name.tld`, optionally a port and a path: a host without a scheme. */
const BARE_DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?([/?#]\S*)?$/i;

/** The contract's URL check, after a bare domain got its scheme. */
const blockUrlSchema = z.pipe(z.string().check(z.overwrite(withScheme)), httpUrlSchema);

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
      placeholder="facebook.com or https://example.com/page"
      schema={blockUrlSchema}
      emptyMessage="No blocked URLs yet."
      deleteMessage="URL will be removed from this list"
      {...entryCalls(profile._id, 'url', add, remove)}
    />
  );
}
