import { Badge, Group } from '@mantine/core';
import type { ReactNode } from 'react';

import type { DataTableColumn } from '@/shared/components/data-table';

export { textColumn } from '@/shared/components/columns';

/** An application's column: its icon and name side by side (`cell` gives both). */
export const applicationColumn = <T,>(cell: (row: T) => ReactNode): DataTableColumn<T> => ({
  key: 'app',
  header: 'Application',
  width: 260,
  render: (row) => (
    <Group gap="sm" wrap="nowrap">
      {cell(row)}
    </Group>
  ),
});

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
