import { ActionIcon, Tooltip } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link } from 'react-router';

interface IconActionBase {
  /** The tooltip, e.g. "Edit". */
  hint: string;
  /** Names the action for screen readers, e.g. "Edit blog <title>". */
  label: string;
  icon: Icon;
  /** Icon size in px (default 16). */
  size?: number;
}

/** A row's tooltip icon that links to a page of the app. */
export function IconLink({ hint, label, icon: Glyph, size = 16, to }: IconActionBase & { to: string }) {
  return (
    <Tooltip label={hint} withArrow>
      <ActionIcon component={Link} to={to} variant="subtle" aria-label={label}>
        <Glyph size={size} />
      </ActionIcon>
    </Tooltip>
  );
}

/** A row's tooltip icon button. */
export function IconButton({ hint, label, icon: Glyph, size = 16, onClick }: IconActionBase & { onClick: () => void }) {
  return (
    <Tooltip label={hint} withArrow>
      <ActionIcon variant="subtle" aria-label={label} onClick={onClick}>
        <Glyph size={size} />
      </ActionIcon>
    </Tooltip>
  );
}
