import { Group, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';

export type SortOrder = 'asc' | 'desc';

interface SortHeaderProps<F extends string> {
  label: string;
  /** The column's sort field. */
  field: F;
  sort: F;
  order: SortOrder;
  onSort: (field: F, order: SortOrder) => void;
}

/** A DataTable column header that sorts on the server: first click ascending, then toggles. */
export function SortHeader<F extends string>({ label, field, sort, order, onSort }: SortHeaderProps<F>) {
  const active = sort === field;
  const Icon = !active ? IconSelector : order === 'asc' ? IconArrowUp : IconArrowDown;
  const next: SortOrder = active && order === 'asc' ? 'desc' : 'asc';
  return (
    <UnstyledButton
      onClick={() => onSort(field, next)}
      aria-label={`Sort by ${label} ${next === 'asc' ? 'ascending' : 'descending'}`}
      data-sorted={active ? order : undefined}
    >
      <Group gap={4} wrap="nowrap">
        <Text fw={700} size="sm" inherit>
          {label}
        </Text>
        <Icon size={14} stroke={1.8} aria-hidden opacity={active ? 1 : 0.5} />
      </Group>
    </UnstyledButton>
  );
}

/** The `aria-sort` of a sortable column's header cell (DataTableColumn `sort`). */
export const ariaSort = <F extends string>(field: F, sort: F, order: SortOrder): 'ascending' | 'descending' | 'none' =>
  sort !== field ? 'none' : order === 'asc' ? 'ascending' : 'descending';
