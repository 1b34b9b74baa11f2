import { Alert, Group, SimpleGrid, Switch, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { useReportUnsaved } from './unsaved-changes';
import { TabForm } from './tab-form';
import { SaveButton } from './save-button';

interface SwitchesFormProps<K extends string> {
  title: string;
  description?: ReactNode;
  /** A note shown above the switches (e.g. 'Works with Samsung devices only'). */
  note?: string;
  keys: readonly K[];
  labels: Record<K, string>;
  initial: Partial<Record<K, boolean>>;
  saving: boolean;
  onSave: (values: Record<K, boolean>) => void;
}

/** A card of on/off settings saved together. */
export function SwitchesForm<K extends string>({
  title,
  description,
  note,
  keys,
  labels,
  initial,
  saving,
  onSave,
}: SwitchesFormProps<K>) {
  // No checks: every value is on or off.
  const form = useForm<Record<string, boolean>>({
    mode: 'controlled',
    initialValues: Object.fromEntries(keys.map((k) => [k, initial[k] ?? false])),
  });
  const values = form.values as Record<K, boolean>;
  // Against the saved values, which change after a save (form.isDirty() would compare with the first ones).
  const dirty = keys.some((k) => values[k] !== (initial[k] ?? false));
  useReportUnsaved(title, dirty);
  return (
    <TabForm
      title={title}
      description={description}
      onSubmit={form.onSubmit(() => {
        if (!saving) onSave(values);
      })}
    >
      {note ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} py="xs">
          <Text size="sm">{note}</Text>
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md">
        {keys.map((k) => (
          <Switch key={k} label={labels[k]} {...form.getInputProps(k, { type: 'checkbox' })} />
        ))}
      </SimpleGrid>
      <Group justify="flex-end" gap="sm">
        {dirty ? (
          <Text size="sm" c="dimmed">
            Unsaved changes
          </Text>
        ) : null}
        <SaveButton pending={saving} />
      </Group>
    </TabForm>
  );
}
