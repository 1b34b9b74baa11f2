import { Badge, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { DataTableColumn } from '@/shared/components/data-table';

/** A column of plain text cells. */
export const textColumn = <T,>(
  key: string,
  header: string,
  width: number | undefined,
  text: (row: T) => ReactNode,
): DataTableColumn<T> => ({ key, header, width, render: (row) => <Text size="sm">{text(row)}</Text> });

/** The app of a device row (plan or family code) as a badge. */
export const appColumn = <T extends { appName: string }>(): DataTableColumn<T> => ({
  key: 'appName',
  header: 'App',
  width: 90,
  render: (row) => (
    <Badge variant="light" size="sm">
      {row.appName}
    </Badge>
  ),
});
