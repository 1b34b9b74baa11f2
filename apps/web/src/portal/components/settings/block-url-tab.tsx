import { httpUrlSchema } from '@fleetdeck/contract';
import { z } from 'zod/mini';
import { EntryListEditor, useEntrySaves } from './entry-list-editor';
import type { SettingsTarget } from './target';

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
export function BlockUrlTab({ target }: { target: SettingsTarget }) {
  const saves = useEntrySaves(target, 'blockUrl');
  return (
    <EntryListEditor
      title="Blocked URLs"
      description="Websites the device may not open."
      items={target.settings.blockUrl}
      inputLabel="URL"
      placeholder="facebook.com or https://example.com/page"
      schema={blockUrlSchema}
      emptyMessage="No blocked URLs yet."
      deleteMessage="URL will be removed from this list"
      {...saves}
    />
  );
}
