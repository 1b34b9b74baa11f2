import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { z } from 'zod/mini';
import { DeleteDialog } from '@/shared/components/confirm-dialog';
import { useContractForm } from '@/shared/lib/form';
import classes from './settings.module.css';
import { useTargetSave, type SettingsRequests, type SettingsTarget } from './target';
import { TabHeading } from './tab-form';
import { DeleteAction } from '@/shared/components/delete-action';
import { Allowed } from '@/portal/lib/permissions';

interface EntryListEditorProps {
  title: string;
  description: string;
  items: readonly string[];
  /** Label of the new entry's field, e.g. 'File path'. */
  inputLabel: string;
  placeholder: string;
  /** The contract's schema of one entry: checked before the call. */
  schema: z.ZodMiniType<string, string>;
  emptyMessage: string;
  /** Text of the delete confirmation, e.g. 'URL will be removed from this list'. */
  deleteMessage: string;
  adding: boolean;
  deleting: boolean;
  /** Adds the (checked) value; resolves true when it was added. */
  onAdd: (value: string) => Promise<boolean>;
  onDelete: (value: string) => Promise<boolean>;
}

/** A list of strings (file paths, URLs): add with the contract's check, delete after confirmation. */
export function EntryListEditor({
  title,
  description,
  items,
  inputLabel,
  placeholder,
  schema,
  emptyMessage,
  deleteMessage,
  adding,
  deleting,
  onAdd,
  onDelete,
}: EntryListEditorProps) {
  const entrySchema = useMemo(() => z.object({ entry: schema }), [schema]);
  const form = useContractForm(
    entrySchema,
    { entry: '' },
    {
      labels: { entry: inputLabel },
      rules: ({ entry }) => {
        const checked = schema.safeParse(entry);
        return checked.success && items.includes(checked.data) ? { entry: `${inputLabel} is already in the list` } : {};
      },
    },
  );
  const [toDelete, setToDelete] = useState<string | null>(null);

  const add = ({ entry }: { entry: string }) =>
    void onAdd(entry).then((ok) => {
      if (ok) form.setFieldValue('entry', '');
    });

  return (
    <Stack gap="md">
      <TabHeading title={title} description={description} />
      <Allowed to="fleet.write">
        <form onSubmit={form.submit(add, adding)} noValidate aria-label={`Add ${inputLabel}`}>
          <Group align="flex-start" gap="sm" wrap="nowrap">
            <TextInput
              label={inputLabel}
              placeholder={placeholder}
              {...form.getInputProps('entry')}
              size="sm"
              style={{ flex: 1 }}
              autoComplete="off"
            />
            <Button
              type="submit"
              leftSection={<IconPlus size={16} />}
              loading={adding}
              disabled={adding}
              size="sm"
              mt={25}
            >
              Add
            </Button>
          </Group>
        </form>
      </Allowed>
      {items.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg" size="sm">
          {emptyMessage}
        </Text>
      ) : (
        <Stack gap={0} component="ul" aria-label={title} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((item) => (
            <Group key={item} component="li" justify="space-between" wrap="nowrap" gap="sm" className={classes.listRow}>
              <Text size="sm" style={{ wordBreak: 'break-all' }}>
                {item}
              </Text>
              <Allowed to="fleet.write">
                <DeleteAction label={`Delete ${item}`} onClick={() => setToDelete(item)} />
              </Allowed>
            </Group>
          ))}
        </Stack>
      )}
      <DeleteDialog
        item={toDelete}
        message={deleteMessage}
        loading={deleting}
        onConfirm={(item) => {
          if (deleting) return;
          void onDelete(item).then((ok) => {
            if (ok) setToDelete(null);
          });
        }}
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  );
}

/** `mutateAsync` that resolves whether it succeeded (the failure is already toasted by the query client). */
export const succeeded = (promise: Promise<unknown>): Promise<boolean> =>
  promise.then(
    () => true,
    () => false,
  );

const ENTRY_LISTS = {
  blockUrl: { key: 'url', add: 'addBlockUrl', remove: 'deleteBlockUrl' },
  file: { key: 'filePath', add: 'addFile', remove: 'deleteFile' },
} as const;

/** `EntryListEditor`'s add and delete of one list of the target (`{ profileId, url | filePath }` requests). */
export function useEntrySaves(target: SettingsTarget, list: keyof typeof ENTRY_LISTS) {
  const { key, add: addOp, remove: removeOp } = ENTRY_LISTS[list];
  const add = useTargetSave(target, addOp);
  const remove = useTargetSave(target, removeOp);
  const request = (value: string) =>
    ({ profileId: target.id, [key]: value }) as SettingsRequests['addBlockUrl'] & SettingsRequests['addFile'];
  return {
    adding: add.isPending,
    deleting: remove.isPending,
    onAdd: (value: string) => succeeded(add.mutateAsync(request(value))),
    onDelete: (value: string) => succeeded(remove.mutateAsync(request(value))),
  };
}
