import { ActionIcon, CopyButton, Tooltip, type ActionIconProps } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/**
 * An icon button that copies `value`: the copy icon turns into a teal check for two seconds, the tooltip says
 * "Copy" then "Copied". `label(copied)` names the button; `onCopied` runs after each copy (e.g. a toast).
 */
export function CopyIconButton({
  value,
  label,
  onCopied,
  variant,
  size,
  iconSize,
}: {
  value: string;
  label: (copied: boolean) => string;
  onCopied?: () => void;
  variant: ActionIconProps['variant'];
  size: ActionIconProps['size'];
  iconSize: number;
}) {
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
          <ActionIcon
            variant={variant}
            color={copied ? 'teal' : 'gray'}
            size={size}
            aria-label={label(copied)}
            onClick={() => {
              copy();
              onCopied?.();
            }}
          >
            {copied ? <IconCheck size={iconSize} /> : <IconCopy size={iconSize} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}
