import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@fleetdeck/contract';
import { ActionIcon, Box, Group, NativeSelect, Paper, Skeleton, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './data-table.module.css';
import { TableScroll } from '@/shared/components/table-scroll';

export interface DataTableColumn<T> {
  /** Stable key of the column. */
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  /** Minimum width in px, so narrow screens scroll instead of squashing. */
  width?: number;
  align?: 'left' | 'center' | 'right';
  /**
   * The column's name as text, where `header` is not plain text (a sort button): the label of the cell on a phone,
   * where each row is a stacked card. Defaults to `header` when that is a string.
   */
  label?: string;
  /** A sortable column: its header cell carries `aria-sort` (and stays visible on a phone, as the sort control). */
  sort?: 'ascending' | 'descending' | 'none';
}

export interface DataTableProps<T> {
  columns: DataTableColumn<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  /** Total number of rows on the server (all pages). */
  total: number;
  /** 1-based page. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  loading?: boolean;
  pageSizes?: readonly number[];
  emptyMessage?: string;
  /** Minimum table width before it scrolls horizontally (mobile). */
  minWidth?: number;
  /** Accessible name of the table. */
  label?: string;
  /**
   * The server stopped counting at `total` (keyset lists of the 100M-row tables): the footer says "of 10,000+" and
   * the pages go on while `hasNextPage`.
   */
  totalCapped?: boolean;
  /** With `totalCapped`: a page follows the current one. */
  hasNextPage?: boolean;
}

export const EMPTY_TABLE_MESSAGE = 'No data found.';

/**
 * The phone layout of DataTable for a plain Mantine table (a short list without paging): `scroll` on its
 * Table.ScrollContainer, `table` on the Table, and `data-label` (the column's name) on every cell.
 */
export const stackedTableClasses = { scroll: classes.scroll, table: classes.table };

/** The page numbers to show: at most `count` around the current page. */
export const pageWindow = (page: number, totalPages: number, count = 5): number[] => {
  const size = Math.min(count, totalPages);
  let start = Math.max(1, page - Math.floor(count / 2));
  start = Math.min(start, totalPages - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
};

/** The text that names a column's cells in the stacked cards of a phone. */
const cellLabel = <T,>(c: DataTableColumn<T>): string => c.label ?? (typeof c.header === 'string' ? c.header : '');

/**
 * A table whose paging is done by the server: page sizes 5/10/25/50, "Showing X to Y of Z entries",
 * at most 5 page buttons, skeleton rows while loading, "No data found." when empty. Below the tablet breakpoint
 * (48em) each row becomes a stacked card (every cell with its column's name), so nothing hides off-screen; the
 * sortable headers stay above the cards as the sort controls.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  total,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
  loading = false,
  pageSizes = PAGE_SIZES,
  emptyMessage = EMPTY_TABLE_MESSAGE,
  minWidth = 800,
  label,
  totalCapped = false,
  hasNextPage = false,
}: DataTableProps<T>) {
  const countedPages = Math.max(1, Math.ceil(total / pageSize));
  const totalPages = totalCapped ? Math.max(countedPages, page + (hasNextPage ? 1 : 0)) : countedPages;
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = totalCapped ? from + Math.max(0, (rows?.length ?? 0) - 1) : Math.min(total, page * pageSize);
  const totalText = totalCapped ? `${total.toLocaleString('en-US')}+` : String(total);
  const showSkeleton = loading && !rows?.length;
  const skeletonRows = Math.min(pageSize, 5);

  return (
    <Paper withBorder radius="md" className={classes.root}>
      <Group justify="space-between" px="md" py="sm" gap="sm">
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed">
            Show
          </Text>
          <NativeSelect
            aria-label="Entries per page"
            size="xs"
            w={72}
            value={String(pageSize)}
            data={pageSizes.map((n) => String(n))}
            onChange={(e) => onPageSizeChange(Number(e.currentTarget.value) || DEFAULT_PAGE_SIZE)}
          />
          <Text size="sm" c="dimmed">
            entries
          </Text>
        </Group>
      </Group>

      <TableScroll minWidth={minWidth} className={classes.scroll} label={label ?? 'Table'}>
        <Table
          className={classes.table}
          verticalSpacing="sm"
          horizontalSpacing="md"
          striped
          highlightOnHover
          aria-label={label}
          aria-busy={loading}
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.key} style={{ minWidth: c.width, textAlign: c.align }} aria-sort={c.sort}>
                  {c.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {showSkeleton ? (
              Array.from({ length: skeletonRows }, (_, i) => (
                <Table.Tr key={`skeleton-${i}`} data-testid="data-table-skeleton">
                  {columns.map((c) => (
                    <Table.Td key={c.key} data-label={cellLabel(c)}>
                      <Skeleton height={14} radius="sm" />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            ) : rows && rows.length > 0 ? (
              rows.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((c) => (
                    <Table.Td key={c.key} style={{ textAlign: c.align }} data-label={cellLabel(c)}>
                      {c.render(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            ) : (
              <Table.Tr>
                <Table.Td colSpan={columns.length} data-label="">
                  <Text ta="center" c="dimmed" py="xl">
                    {emptyMessage}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </TableScroll>

      <Group justify="space-between" px="md" py="sm" gap="sm" className={classes.footer}>
        <Text size="sm" c="dimmed">
          {`Showing ${from} to ${to} of ${totalText} entries`}
        </Text>
        <Group gap={4} component="nav" aria-label="Pages" wrap="nowrap">
          <ActionIcon
            variant="default"
            size="md"
            aria-label="Previous page"
            disabled={page <= 1 || loading}
            onClick={() => onPageChange(page - 1)}
          >
            <IconChevronLeft size={16} />
          </ActionIcon>
          {pageWindow(page, totalPages).map((n) => (
            <UnstyledButton
              key={n}
              className={classes.page}
              data-active={n === page || undefined}
              aria-current={n === page ? 'page' : undefined}
              aria-label={`Page ${n}`}
              onClick={() => n !== page && onPageChange(n)}
            >
              {n}
            </UnstyledButton>
          ))}
          <ActionIcon
            variant="default"
            size="md"
            aria-label="Next page"
            disabled={page >= totalPages || loading}
            onClick={() => onPageChange(page + 1)}
          >
            <IconChevronRight size={16} />
          </ActionIcon>
        </Group>
      </Group>
      {loading && rows?.length ? <Box className={classes.busy} aria-hidden /> : null}
    </Paper>
  );
}
