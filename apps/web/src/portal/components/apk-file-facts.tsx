import type { ApkVersionInfo } from '@fleetdeck/contract';
import { Code, Stack, Text } from '@mantine/core';
import { formatBytes, formatDate } from '@/shared/lib/format';

/**
 * What a customer can check of a hosted APK before installing it (DECISIONS §14): version, size and SHA-256. The hash
 * wraps anywhere, so it never widens a phone's screen.
 */
export function ApkFileFacts({ version }: { version: ApkVersionInfo }) {
  const name = version.versionName ? `${version.versionName} (${version.versionCode})` : `code ${version.versionCode}`;
  return (
    <Stack gap={4} maw={420} w="100%" ta="left" role="group" aria-label="APK file details">
      <Text size="sm">
        <Text span fw={600}>
          Version:
        </Text>{' '}
        {name}
      </Text>
      <Text size="sm">
        <Text span fw={600}>
          Size:
        </Text>{' '}
        {formatBytes(version.sizeBytes)}
        <Text span c="dimmed">
          {' '}
          · published {formatDate(version.uploadedAt)}
        </Text>
      </Text>
      <Text size="sm" fw={600}>
        SHA-256:
      </Text>
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} aria-label="SHA-256">
        {version.sha256}
      </Code>
    </Stack>
  );
}
