import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, sampleUser } from '@/test/mock-api';
import { queriesTo } from '@/test/queries';
import { renderApp } from '@/test/render-app';

const LIST = '/api/v1/admin/device/log/list';
const shellRoutes = { 'GET /api/v1/admin/users/detail': { body: { respones_msg: 'OK', data: sampleUser } } };

const log = (id: number, overrides: Record<string, unknown> = {}) => ({
  _id: String(id),
  serialNumber: `SN-${id}`,
  deviceName: '',
  deviceActivity: 'Apply',
  activityResult: 'Success',
  created_at: '2025-03-05T10:00:00.000Z',
  ...overrides,
});

const answer = (
  data: unknown[],
  pagination: Partial<{
    page: number;
    limit: number;
    total: number;
    totalCapped: boolean;
    nextCursor: string | null;
  }> = {},
) => ({
  body: {
    respones_msg: 'Device logs',
    data: {
      data,
      pagination: { page: 1, limit: 25, total: data.length, totalCapped: false, nextCursor: null, ...pagination },
    },
  },
});

/** The query strings the page sent to `path`, in order. */
describe('Device Logs page', () => {
  it('shows serial number with the device name, activity, result and date', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi({
      ...shellRoutes,
      [`GET ${LIST}`]: answer([
        log(1, { serialNumber: 'R58M123', deviceName: 'Front desk', deviceActivity: 'Enrolled' }),
        log(2, { activityResult: 'Failed: kiosk app missing', deviceActivity: 'Apply' }),
      ]),
    });
    renderApp('/device-logs');
    expect(await screen.findByText('Showing 1 to 2 of 2 entries')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Device logs' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Serial Number', 'Device Activity', 'Activity Result', 'Created On']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByText('R58M123')).toBeInTheDocument();
    expect(within(first!).getByText('Front desk')).toBeInTheDocument();
    expect(within(first!).getByText('Enrolled')).toBeInTheDocument();
    expect(within(first!).getByText('Success')).toBeInTheDocument();
    expect(within(first!).getByText(/05 Mar 2025/)).toBeInTheDocument();
    expect(within(second!).getByText('Failed: kiosk app missing')).toBeInTheDocument();
  });

  it('shows "No data found." when there are no logs', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi({ ...shellRoutes, [`GET ${LIST}`]: answer([]) });
    renderApp('/device-logs');
    expect(await screen.findByText('No data found.')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 to 0 of 0 entries')).toBeInTheDocument();
  });

  it('searches by serial number and sorts on the server by serial number and created_at', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({ ...shellRoutes, [`GET ${LIST}`]: answer([log(1)]) });
    const { user } = renderApp('/device-logs');
    await screen.findByText('Showing 1 to 1 of 1 entries');
    expect(Object.fromEntries(queriesTo(api.fetchMock, LIST)[0]!)).toEqual({
      page: '1',
      limit: '25',
      sort: 'created_at',
      order: 'desc',
    });

    await user.type(screen.getByLabelText('Serial Number'), '  R58M123 ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(queriesTo(api.fetchMock, LIST).at(-1)?.get('serialNumber')).toBe('R58M123'));

    await user.click(screen.getByRole('button', { name: 'Sort by Serial Number ascending' }));
    await waitFor(() => {
      const q = queriesTo(api.fetchMock, LIST).at(-1)!;
      expect([q.get('sort'), q.get('order'), q.get('serialNumber')]).toEqual(['serialNumber', 'asc', 'R58M123']);
    });
    await user.click(screen.getByRole('button', { name: 'Sort by Serial Number descending' }));
    await waitFor(() => expect(queriesTo(api.fetchMock, LIST).at(-1)?.get('order')).toBe('desc'));
    await user.click(screen.getByRole('button', { name: 'Sort by Created On ascending' }));
    await waitFor(() => {
      const q = queriesTo(api.fetchMock, LIST).at(-1)!;
      expect([q.get('sort'), q.get('order')]).toEqual(['created_at', 'asc']);
    });
  });

  it('keeps the sort in the URL (a reload or a link keeps it) and tells assistive technology with aria-sort', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({ ...shellRoutes, [`GET ${LIST}`]: answer([log(1)]) });
    renderApp('/device-logs?sort=serialNumber&order=asc&serialNumber=R58');
    await screen.findByText('Showing 1 to 1 of 1 entries');
    const q = queriesTo(api.fetchMock, LIST)[0]!;
    expect([q.get('sort'), q.get('order'), q.get('serialNumber')]).toEqual(['serialNumber', 'asc', 'R58']);
    expect(screen.getByRole('columnheader', { name: /Serial Number/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: /Created On/ })).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Device Activity' })).not.toHaveAttribute('aria-sort');
    // On a phone every cell is labelled with its column in the stacked card.
    expect(screen.getByText('Activity Result', { selector: 'th' })).toBeInTheDocument();
    expect(document.querySelector('tbody td[data-label="Device Activity"]')).not.toBeNull();
  });

  it('pages by cursor past a capped count: "of 10,000+", Next sends the cursor, a page seen before reuses its own', async () => {
    window.localStorage.setItem('token', 'tok');
    const rows = Array.from({ length: 25 }, (_, i) => log(i + 1));
    const api = mockApi({
      ...shellRoutes,
      [`GET ${LIST}`]: (call) => {
        void call;
        const q = queriesTo(api.fetchMock, LIST).at(-1)!;
        const page = Number(q.get('page'));
        return answer(rows, { page, total: 10_000, totalCapped: true, nextCursor: `after-${page}` });
      },
    });
    const { user } = renderApp('/device-logs');
    expect(await screen.findByText('Showing 1 to 25 of 10,000+ entries')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => {
      const q = queriesTo(api.fetchMock, LIST).at(-1)!;
      expect([q.get('page'), q.get('cursor')]).toEqual(['2', 'after-1']);
    });
    expect(await screen.findByText('Showing 26 to 50 of 10,000+ entries')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(queriesTo(api.fetchMock, LIST).at(-1)?.get('cursor')).toBe('after-2'));

    // Back to page 2: its own cursor again (the same query, answered from the cache). Page 5 (never seen): by position.
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Showing 26 to 50 of 10,000+ entries')).toBeInTheDocument();
    const page2 = queriesTo(api.fetchMock, LIST).filter((q) => q.get('page') === '2');
    expect(page2.map((q) => q.get('cursor'))).toEqual(['after-1']);
    await user.click(screen.getByRole('button', { name: 'Page 5' }));
    await waitFor(() => {
      const q = queriesTo(api.fetchMock, LIST).at(-1)!;
      expect([q.get('page'), q.get('cursor')]).toEqual(['5', null]);
    });

    // A new page size starts again at page 1 without a cursor.
    await user.selectOptions(screen.getByLabelText('Entries per page'), '50');
    await waitFor(() => {
      const q = queriesTo(api.fetchMock, LIST).at(-1)!;
      expect([q.get('page'), q.get('limit'), q.get('cursor')]).toEqual(['1', '50', null]);
    });
  });

  it('shows a load error inline with Retry', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi({
      ...shellRoutes,
      [`GET ${LIST}`]: {
        status: 400,
        body: { respones_msg: 'limit: must be one of 5, 10, 25, 50', code: 'E_VALIDATION' },
      },
    });
    renderApp('/device-logs');
    expect(await screen.findByText('The device logs could not load')).toBeInTheDocument();
    expect(screen.getByText('limit: must be one of 5, 10, 25, 50')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
