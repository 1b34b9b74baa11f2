import { Badge } from '@mantine/core';

import type { DataTableColumn } from '@/shared/components/data-table';

export { textColumn } from '@/shared/components/columns';

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
