import { Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { CopyIconButton } from '@/shared/components/copy-icon-button';
import { notifySuccess } from '@/shared/lib/notify';

/** A value with a copy icon; copying toasts "text copied" (spec 3 §8). */
export function CopyText({ value, children }: { value: string; children: ReactNode }) {
  return (
    <Group gap={4} wrap="nowrap" align="center">
      {children}
      <CopyIconButton
        value={value}
        label={() => `Copy ${value}`}
        onCopied={() => notifySuccess('text copied')}
        variant="subtle"
        size="sm"
        iconSize={14}
      />
    </Group>
  );
}
