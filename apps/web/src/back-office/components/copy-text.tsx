import { ActionIcon, CopyButton, Group, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { notifySuccess } from '@/shared/lib/notify';

/** A value with a copy icon; copying toasts "text copied" (spec 3 §8). */
export function CopyText({ value, children }: { value: string; children: ReactNode }) {
  return (
    <Group gap={4} wrap="nowrap" align="center">
      {children}
      <CopyButton value={value} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              size="sm"
              aria-label={`Copy ${value}`}
              onClick={() => {
                copy();
                notifySuccess('text copied');
              }}
            >
              {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
