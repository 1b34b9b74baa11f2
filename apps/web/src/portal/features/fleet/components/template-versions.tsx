import type { Template } from '@fleetdeck/contract';
import { Badge, Card, Group, List, Stack, Text } from '@mantine/core';
import { formatDateTime } from '@/shared/lib/format';

/** Each version of a template, newest first: when, who, and what changed in plain words. */
export function TemplateVersions({ template }: { template: Template }) {
  const versions = [...template.versions].sort((a, b) => b.version - a.version);
  return (
    <Card padding="md">
      <Stack gap="sm">
        <div>
          <Text fw={700}>Versions</Text>
          <Text size="sm" c="dimmed">
            Every save of the settings is a new version.
          </Text>
        </div>
        <Stack gap={0} component="ol" aria-label="Versions" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {versions.map((v) => (
            <Stack
              key={v.version}
              component="li"
              gap={4}
              py="sm"
              style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
              aria-label={`Version ${v.version}`}
            >
              <Group gap="xs" wrap="wrap">
                <Text size="sm" fw={600}>
                  Version {v.version}
                </Text>
                {v.version === template.version ? (
                  <Badge size="sm" variant="light" color="green">
                    Current
                  </Badge>
                ) : null}
                <Text size="xs" c="dimmed">
                  {formatDateTime(v.created_at)} · {v.createdBy}
                </Text>
              </Group>
              {v.changes.length > 0 ? (
                <List size="sm" spacing={2}>
                  {v.changes.map((change) => (
                    <List.Item key={change}>{change}</List.Item>
                  ))}
                </List>
              ) : (
                <Text size="sm" c="dimmed">
                  {v.version === 1 ? "Taken from a device's settings." : 'No settings changed.'}
                </Text>
              )}
            </Stack>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}
