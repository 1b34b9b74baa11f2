import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { CopyIconButton } from '@/shared/components/copy-icon-button';

/**
 * A secret the server answers once (an API key, a webhook's signing secret): in a read-only field with a copy button
 * and the warning that it will not be shown again; `Done` forgets it.
 */
export function ShownOnce({
  label,
  value,
  what,
  children,
  onDone,
}: {
  /** The field's label, e.g. "Your new API key". */
  label: string;
  value: string;
  /** The secret in words, e.g. "key": "You will not see this key again". */
  what: string;
  /** What to do with it (above the field). */
  children?: ReactNode;
  onDone: () => void;
}) {
  return (
    <Stack gap="md">
      <Alert
        color="yellow"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title={`You will not see this ${what} again`}
      >
        {`Copy it now and keep it somewhere safe. If it is lost, make a new one.`}
      </Alert>
      {children ? (
        <Text size="sm" c="dimmed" component="div">
          {children}
        </Text>
      ) : null}
      <TextInput
        label={label}
        value={value}
        readOnly
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        onFocus={(e) => e.currentTarget.select()}
        rightSection={
          <CopyIconButton
            value={value}
            label={(copied) => (copied ? `${label}: copied` : `Copy ${what}`)}
            variant="subtle"
            size="md"
            iconSize={16}
          />
        }
      />
      <Group justify="flex-end">
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
