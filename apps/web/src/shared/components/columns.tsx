import { Button, Group, Stack, Text, type TextProps } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { DataTableColumn } from './data-table';
import { StatusBadge } from './status-badge';
import { formatDateTime, formatEuro } from '@/shared/lib/format';

/** A column of plain text cells; `props` styles the text (e.g. `{ fw: 600 }` for a title, `{ lineClamp: 2 }`). */
export const textColumn = <T,>(
  key: string,
  header: string,
  width: number | undefined,
  text: (row: T) => ReactNode,
  props?: TextProps,
): DataTableColumn<T> => ({
  key,
  header,
  width,
  render: (row) => (
    <Text size="sm" {...props}>
      {text(row)}
    </Text>
  ),
});

interface TwoLinesProps {
  main: ReactNode;
  detail?: ReactNode;
  detailLines?: number;
}

/**
 * A cell of two lines: the row's name in bold, a dimmed detail under it (left out when `detail` is null or undefined;
 * `detailLines` clamps it).
 */
export function TwoLines({ main, detail, detailLines }: TwoLinesProps) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {main}
      </Text>
      {detail === undefined || detail === null ? null : (
        <Text size="xs" c="dimmed" lineClamp={detailLines}>
          {detail}
        </Text>
      )}
    </Stack>
  );
}

/** A column of `TwoLines` cells: `lines` gives each row's bold line and its dimmed detail. */
export const twoLineColumn = <T,>(
  key: string,
  header: string,
  width: number | undefined,
  lines: (row: T) => TwoLinesProps,
): DataTableColumn<T> => ({ key, header, width, render: (row) => <TwoLines {...lines(row)} /> });

/** The "Action" column of a row's icon links and buttons (`IconLink`, `IconButton`, `DeleteAction`), side by side. */
export const actionsColumn = <T,>(
  width: number,
  actions: (row: T) => ReactNode,
  header = 'Action',
): DataTableColumn<T> => ({
  key: 'actions',
  header,
  width,
  render: (row) => (
    <Group gap={4} wrap="nowrap">
      {actions(row)}
    </Group>
  ),
});

/** One small text button of a row (Reset, Mark, Retry now): `label` names it for screen readers. */
export interface RowButton {
  text: string;
  label: string;
  onClick: () => void;
  icon?: Icon;
  /** Default `light`. */
  variant?: 'light' | 'default';
  loading?: boolean;
}

/** The "Action" column of one small text button a row: `button` gives each row's. */
export const buttonColumn = <T,>(width: number, button: (row: T) => RowButton): DataTableColumn<T> => ({
  key: 'actions',
  header: 'Action',
  width,
  render: (row) => {
    const { text, label, onClick, icon: Glyph, variant = 'light', loading } = button(row);
    return (
      <Button
        size="xs"
        variant={variant}
        leftSection={Glyph ? <Glyph size={14} /> : undefined}
        loading={loading}
        onClick={onClick}
        aria-label={label}
      >
        {text}
      </Button>
    );
  },
});

/**
 * A column of date-and-time cells read from the row's `key` (default "Created On" from `created_at`, 180 px), written
 * by `format` (default `formatDateTime`; the back office's payment lists pass `formatStaffDateTime`).
 */
export const dateColumn = <T,>(
  key: keyof T & string,
  header = 'Created On',
  width = 180,
  format: (value: string) => string = formatDateTime,
): DataTableColumn<T> => ({
  key,
  header,
  width,
  render: (row) => <Text size="sm">{format(row[key] as string)}</Text>,
});

/** A right-aligned column of euro amounts (`formatEuro`). */
export const moneyColumn = <T,>(
  key: string,
  header: string,
  width: number | undefined,
  amount: (row: T) => number,
): DataTableColumn<T> => ({
  key,
  header,
  width,
  align: 'right',
  render: (row) => <Text size="sm">{formatEuro(amount(row))}</Text>,
});

/** A column of light status badges: `status` gives each row's label and colour. */
export const statusColumn = <T,>(
  key: string,
  header: string,
  width: number | undefined,
  status: (row: T) => { label: string; color: string },
): DataTableColumn<T> => ({
  key,
  header,
  width,
  render: (row) => <StatusBadge status={status(row)} />,
});
