import { auditListQuerySchema, deviceLogListQuerySchema, profileListQuerySchema } from '@fleetdeck/contract';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { parseListSearch, useListSearch, type ListQuerySchema } from './list-search';

function setup<S extends ListQuerySchema>(schema: S, url: string, defaults = {}) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => {
      const list = useListSearch(schema, defaults);
      const location = useLocation();
      return { list, search: location.search };
    },
    { wrapper },
  );
}

describe('parseListSearch', () => {
  it('fills defaults and drops values the schema refuses', () => {
    expect(parseListSearch(profileListQuerySchema, { page: 'x', limit: '7', order: 'desc' }, {})).toEqual({
      page: 1,
      limit: 25,
      sort: 'created_at',
      order: 'desc',
    });
  });

  it('drops a value a rule across keys refuses (an audit sub-type without its type)', () => {
    const q = parseListSearch(auditListQuerySchema, { sub_type: 'Login', hasError: 'true' }, {});
    expect(q.sub_type).toBeUndefined();
    expect(q.hasError).toBe(true);
  });
});

describe('useListSearch', () => {
  it('reads the URL, and a filter change resets the page; defaults stay out of the URL; other keys stay', () => {
    const { result } = setup(profileListQuerySchema, '/x?id=7&page=3&limit=10&appName=SL');
    expect(result.current.list.query).toMatchObject({ appName: 'SL', page: 3, limit: 10 });
    act(() => result.current.list.setFilters({ sort: 'name', order: 'desc' }));
    expect(result.current.search).toBe('?id=7&limit=10&appName=SL&sort=name&order=desc');
    act(() => result.current.list.setPageSize(25));
    expect(result.current.search).toBe('?id=7&appName=SL&sort=name&order=desc');
  });

  it('keyset: Next writes the cursor, a page seen before reuses its own, a filter change forgets them', () => {
    const { result } = setup(deviceLogListQuerySchema, '/logs');
    act(() => result.current.list.goToPage(2, 'after-1'));
    expect(result.current.search).toBe('?page=2&cursor=after-1');
    act(() => result.current.list.goToPage(3, 'after-2'));
    act(() => result.current.list.goToPage(5, 'after-3'));
    expect(result.current.list.query.page).toBe(5);
    expect(result.current.list.query.cursor).toBeUndefined();
    act(() => result.current.list.goToPage(2));
    expect(result.current.list.query).toMatchObject({ page: 2, cursor: 'after-1' });
    act(() => result.current.list.setFilters({ serialNumber: 'R58' }));
    expect(result.current.search).toBe('?serialNumber=R58');
    act(() => result.current.list.goToPage(2));
    expect(result.current.search).toBe('?serialNumber=R58&page=2');
  });

  it("takes the page's own defaults and leaves them out of the URL", () => {
    const { result } = setup(deviceLogListQuerySchema, '/logs', { order: 'asc' });
    expect(result.current.list.query.order).toBe('asc');
    act(() => result.current.list.setFilters({ order: 'desc' }));
    expect(result.current.search).toBe('?order=desc');
    act(() => result.current.list.reset());
    expect(result.current.search).toBe('');
  });
});
