import type { Plan } from '@fleetdeck/contract';
import { List, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';

/** A plan's feature list: a check for what it includes, a struck-through cross for what it does not. */
export function PlanFeatures({ features }: { features: Plan['features'] }) {
  if (features.length === 0) return null;
  return (
    <List spacing={6} size="sm" mt="md" center>
      {features.map((f) => (
        <List.Item
          key={f.text}
          icon={
            <ThemeIcon size={18} radius="xl" color={f.checked ? 'teal' : 'gray'} variant="light">
              {f.checked ? <IconCheck size={12} /> : <IconX size={12} />}
            </ThemeIcon>
          }
        >
          <Text size="sm" c={f.checked ? undefined : 'dimmed'} td={f.checked ? undefined : 'line-through'}>
            {f.text}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
