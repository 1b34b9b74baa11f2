import { limitQuerySchema, pageQuerySchema } from '@fleetdeck/contract';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { useListSearch } from '@/shared/lib/list-search';
import { ListPage } from './list-page';

/** A staff-style list query: page & limit, a date range, a select, a switch. */
const querySchema = z.object({
  page: pageQuerySchema,
  limit: limitQuerySchema,
  from: z.optional(z.string()),
  to: z.optional(z.string()),
  email: z.optional(z.string()),
  status: z.optional(z.enum(['Success', 'Failed'])),
  offline: z.optional(
    z.pipe(
      z.enum(['true', 'false']),
      z.transform((v) => v === 'true'),
    ),
  ),
});

interface Row {
  id: string;
}

function Probe() {
  const location = useLocation();
  return <div data-testid="search">{location.search}</div>;
}

function StaffList({
  rows,
  total,
  onExport,
  refetch,
}: {
  rows: (page: number) => Row[];
  total: number;
  onExport: () => Promise<void>;
  refetch: () => void;
}) {
  const list = useListSearch(querySchema);
  return (
    <ListPage
      label="Payments"
      search={list}
      result={{ isFetching: false, isError: false, error: null, refetch }}
      rows={rows(list.page)}
      pagination={{ total }}
      columns={[{ key: 'id', header: 'Id', render: (row: Row) => row.id }]}
      rowKey={(row) => row.id}
      filtersLabel="Payment filters"
      filters={[
        { kind: 'text', key: 'email', label: 'Email' },
        { kind: 'dateRange', from: 'from', to: 'to', label: 'Created' },
        { kind: 'select', key: 'status', label: 'Status', data: ['Success', 'Failed'] },
        { kind: 'switch', key: 'offline', label: 'Offline only' },
      ]}
      onExportCsv={onExport}
    />
  );
}

const renderList = (
  url: string,
  props: { rows: (page: number) => Row[]; total: number; onExport?: () => Promise<void>; refetch?: () => void },
) =>
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={[url]}>
        <StaffList
          onExport={props.onExport ?? (() => Promise.resolve())}
          refetch={props.refetch ?? (() => undefined)}
          rows={props.rows}
          total={props.total}
        />
        <Probe />
      </MemoryRouter>
    </MantineProvider>,
  );

describe('ListPage', () => {
  it('puts every filter in the URL and starts again at page 1; Export CSV calls the slot', async () => {
    const user = userEvent.setup();
    const onExport = vi.fn(() => Promise.resolve());
    renderList('/payments?page=2', { rows: () => [{ id: 'a' }], total: 30, onExport });
    const search = () => screen.getByTestId('search').textContent;

    fireEvent.change(screen.getByLabelText('Created from'), { target: { value: '2026-01-01' } });
    expect(search()).toBe('?from=2026-01-01');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Offline only' }));
    expect(search()).toBe('?from=2026-01-01&offline=true');
    expect(screen.getByRole('switch', { name: 'Offline only' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(onExport).toHaveBeenCalledTimes(1);
  });

  it('asks the server again when Search is pressed with the filters already applied', async () => {
    const user = userEvent.setup();
    const refetch = vi.fn();
    renderList('/payments?email=ann%40example.com', { rows: () => [{ id: 'a' }], total: 1, refetch });
    const search = () => screen.getByTestId('search').textContent;
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(search()).toBe('?email=ann%40example.com');
    // A changed filter moves the URL instead (the query's key changes, so it loads by itself).
    await user.clear(screen.getByRole('textbox', { name: 'Email' }));
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'bob@example.com');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(search()).toBe('?email=bob%40example.com');
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('goes to the page before when the page comes back empty (its last row was deleted)', async () => {
    // Page 3 held one row, now deleted: the server still counts 50 rows (pages 1 and 2 of 25).
    renderList('/payments?page=3', { rows: (page) => (page === 3 ? [] : [{ id: `row-of-${page}` }]), total: 50 });
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe('?page=2'));
    expect(screen.getByText('row-of-2')).toBeInTheDocument();
  });

  it("scrolls sideways below its columns' widths added up (120 px for a column without one) unless given minWidth", () => {
    const columns = [
      { key: 'email', header: 'Email', width: 260, render: (row: Row) => row.id },
      { key: 'reason', header: 'Reason', render: (row: Row) => row.id },
      { key: 'action', header: 'Action', width: 100, render: (row: Row) => row.id },
    ];
    function Sized({ minWidth }: { minWidth?: number }) {
      const list = useListSearch(querySchema);
      return (
        <ListPage
          label={minWidth ? 'Given' : 'Summed'}
          search={list}
          result={{ isFetching: false, isError: false, error: null, refetch: () => undefined }}
          rows={[{ id: 'a' }]}
          pagination={{ total: 1 }}
          columns={columns}
          rowKey={(row) => row.id}
          minWidth={minWidth}
        />
      );
    }
    render(
      <MantineProvider>
        <MemoryRouter initialEntries={['/list']}>
          <Sized />
          <Sized minWidth={980} />
        </MemoryRouter>
      </MantineProvider>,
    );
    const scrollMinWidth = (table: string) =>
      screen
        .getByRole('table', { name: table })
        .closest<HTMLElement>('[style*="--table-min-width"]')
        ?.style.getPropertyValue('--table-min-width');
    expect(scrollMinWidth('Summed')).toBe('calc(30rem * var(--mantine-scale))');
    expect(scrollMinWidth('Given')).toBe('calc(61.25rem * var(--mantine-scale))');
  });
});
