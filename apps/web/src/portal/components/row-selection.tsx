import { Checkbox } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import type { DataTableColumn } from '@/shared/components/data-table';

/** The rows a person ticked in a paged table (kept across its pages until cleared), by id. */
export interface RowSelection {
  ids: string[];
  has: (id: string) => boolean;
  toggle: (id: string, on: boolean) => void;
  setMany: (ids: string[], on: boolean) => void;
  clear: () => void;
}

export function useRowSelection(): RowSelection {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set());
  const setMany = useCallback((ids: string[], on: boolean) => {
    setChosen((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);
  return useMemo(
    () => ({
      ids: [...chosen],
      has: (id: string) => chosen.has(id),
      toggle: (id: string, on: boolean) => setMany([id], on),
      setMany,
      clear: () => setChosen(new Set()),
    }),
    [chosen, setMany],
  );
}

/**
 * The checkbox column of a selectable table: one box per row ("Select <name>") and, in the header, one for every row
 * of the page shown ("Select every device on this page").
 */
export function selectionColumn<T extends { _id: string }>(
  selection: RowSelection,
  rows: readonly T[] | undefined,
  nameOf: (row: T) => string,
  noun = 'device',
): DataTableColumn<T> {
  const ids = (rows ?? []).map((r) => r._id);
  const ticked = ids.filter((id) => selection.has(id)).length;
  return {
    key: 'select',
    label: 'Select',
    width: 44,
    header: (
      <Checkbox
        aria-label={`Select every ${noun} on this page`}
        checked={ids.length > 0 && ticked === ids.length}
        indeterminate={ticked > 0 && ticked < ids.length}
        disabled={ids.length === 0}
        onChange={(e) => selection.setMany(ids, e.currentTarget.checked)}
      />
    ),
    render: (row) => (
      <Checkbox
        aria-label={`Select ${nameOf(row)}`}
        checked={selection.has(row._id)}
        onChange={(e) => selection.toggle(row._id, e.currentTarget.checked)}
      />
    ),
  };
}
