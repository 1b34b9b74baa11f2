import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/errors.ts';
import { cappedTotal, cursorTimestamp, decodeCursor, encodeCursor, offsetOfPage } from '../../activity/keyset.ts';
import * as repo from './lists-repository.ts';

/** The back office's device-side pages (spec 3; DECISIONS §8). */

export interface Paging {
  page: number;
  limit: number;
  cursor?: string | undefined;
}

export const SORT = 'created_at';

/** The (created_at, uuid) key of a cursor, or undefined without one. */
export function timeKey(p: Paging): repo.TimeKey | undefined {
  if (!p.cursor) return undefined;
  const [createdAt, id] = decodeCursor(p.cursor, SORT, 'desc', 2);
  if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id)) {
    throw new AppError(
      400,
      'E_VALIDATION',
      'cursor: is not a cursor of this list (use nextCursor of the previous page)',
      {
        errors: [{ field: 'cursor', message: 'is not a cursor of this list' }],
      },
    );
  }
  return { createdAt: cursorTimestamp(createdAt), id };
}

export const pageOf = (p: Paging, after: unknown) => ({
  limit: p.limit,
  offset: after ? 0 : offsetOfPage(p.page, p.limit),
});

/** The answer of a keyset list: the page's rows and its pagination. */
export function keysetAnswer<Row, Out>(
  p: Paging,
  rows: Row[],
  counted: number,
  map: (r: Row) => Out,
  keyOf: (r: Row) => (string | number)[],
) {
  const page = rows.slice(0, p.limit);
  const last = page[page.length - 1];
  return {
    data: page.map(map),
    pagination: {
      page: p.page,
      limit: p.limit,
      ...cappedTotal(counted),
      nextCursor: rows.length > p.limit && last ? encodeCursor({ sort: SORT, order: 'desc', key: keyOf(last) }) : null,
    },
  };
}

export const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** An email filter: the customer's id, or null when no customer has it (the list is then empty). */
export async function customerFilter(ctx: AppContext, email: string | undefined) {
  if (email === undefined) return { customerId: undefined, none: false };
  const c = await repo.customerIdByEmail(ctx.db, email);
  return c ? { customerId: c.id, none: false } : { customerId: undefined, none: true };
}

export const emptyList = (p: Paging) => ({
  data: [],
  pagination: { page: p.page, limit: p.limit, total: 0, totalCapped: false, nextCursor: null },
});

// ---------------------------------------------------------------------------------------------------- devices

export interface DeviceListQuery extends Paging {
  from_date?: string | undefined;
  to_date?: string | undefined;
  email?: string | undefined;
}

export function deviceFilterOf(q: DeviceListQuery, customerId: string | undefined): repo.DeviceFilter {
  return { from: q.from_date, to: q.to_date, customerId };
}
