import { Checkbox, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Checkboxes of a fixed set of choices (a key's scopes, an endpoint's events), each with what it means under it;
 * `groups` splits them under headings. Bound to a form field: `{...form.getInputProps('scopes')}`.
 */
export function ChoiceCheckboxes<C extends string>({
  label,
  description,
  groups,
  descriptions,
  value,
  onChange,
  error,
}: {
  label: string;
  description?: ReactNode;
  groups: readonly { heading?: string; choices: readonly C[] }[];
  descriptions: Record<C, string>;
  value?: C[];
  onChange?: (value: C[]) => void;
  error?: ReactNode;
}) {
  return (
    <Checkbox.Group
      label={label}
      description={description}
      value={value}
      onChange={(v) => onChange?.(v as C[])}
      error={error}
      withAsterisk
    >
      <Stack gap="sm" mt="xs">
        {groups.map((group, i) => (
          <Stack key={group.heading ?? i} gap={6} role={group.heading ? 'group' : undefined} aria-label={group.heading}>
            {group.heading ? (
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" aria-hidden>
                {group.heading}
              </Text>
            ) : null}
            {group.choices.map((choice) => (
              <Checkbox key={choice} value={choice} label={choice} description={descriptions[choice]} />
            ))}
          </Stack>
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
