import { Badge, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { DataTableColumn } from './data-table';
import { formatDateTime, formatEuro } from '@/shared/lib/format';

/** A column of plain text cells. */
export const textColumn = <T,>(
  key: string,
  header: string,
  width: number | undefined,
  text: (row: T) => ReactNode,
): DataTableColumn<T> => ({ key, header, width, render: (row) => <Text size="sm">{text(row)}</Text> });

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
  render: (row) => {
    const { label, color } = status(row);
    return (
      <Badge color={color} variant="light">
        {label}
      </Badge>
    );
  },
});
