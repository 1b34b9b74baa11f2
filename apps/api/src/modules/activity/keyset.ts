import { LIST_COUNT_CAP, type KeysetPagination } from '@fleetdeck/contract';
import { AppError } from '../../lib/errors.ts';

/**
 * Keyset paging of the 100M-row tables (device_logs, audit_entries; DECISIONS §7). A page starts right after the
 * sort key of the previous page's last row, so a deep page reads `limit` index entries instead of skipping
 * `offset` of them. The cursor is that key, opaque to the client (base64url JSON), bound to the sort and order it
 * was made for. Timestamps travel as the database's own microsecond text, since a JS Date would drop the
 * microseconds and skip or repeat rows that share a millisecond.
 */

export interface CursorKey {
  /** Sort field and order the cursor belongs to. */
  sort: string;
  order: 'asc' | 'desc';
  /** The last row's sort key: e.g. [created_at text, id] or [serial_number, created_at text, id]. */
  key: (string | number)[];
}

export const encodeCursor = (c: CursorKey) =>
  Buffer.from(JSON.stringify([c.sort, c.order, ...c.key]), 'utf8').toString('base64url');

const badCursor = () =>
  new AppError(400, 'E_VALIDATION', 'cursor: is not a cursor of this list (use nextCursor of the previous page)', {
    errors: [{ field: 'cursor', message: 'is not a cursor of this list' }],
  });

/** The key inside `cursor`; 400 naming `cursor` when it was made for another sort, order or key shape. */
export function decodeCursor(cursor: string, sort: string, order: 'asc' | 'desc', keyLength: number) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== keyLength + 2) throw badCursor();
  const [s, o, ...key] = parsed as unknown[];
  if (s !== sort || o !== order) throw badCursor();
  if (!key.every((v) => typeof v === 'string' || (typeof v === 'number' && Number.isSafeInteger(v)))) {
    throw badCursor();
  }
  return key as (string | number)[];
}

/** A bigint id from a cursor (ids of these tables are bigserial). */
export function cursorId(value: string | number | undefined): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(n) || n < 0) throw badCursor();
  return n;
}

/** An ISO timestamp from a cursor. */
export function cursorTimestamp(value: string | number | undefined): string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/.test(value)) {
    throw badCursor();
  }
  return value;
}

/**
 * Rows to skip for `page` when no cursor is sent: only within the counted rows, so a position-based page never
 * walks past LIST_COUNT_CAP index entries. Further pages are reached with `nextCursor`.
 */
export function offsetOfPage(page: number, limit: number): number {
  const offset = (page - 1) * limit;
  if (offset >= LIST_COUNT_CAP) {
    throw new AppError(
      400,
      'E_VALIDATION',
      `page: pages past the first ${LIST_COUNT_CAP.toLocaleString('en-US')} rows are reached with the cursor ` +
        '(nextCursor of the previous page), or narrow the list with a filter',
      { errors: [{ field: 'page', message: `must stay within the first ${LIST_COUNT_CAP} rows without a cursor` }] },
    );
  }
  return offset;
}

/** `total` and `totalCapped` from a count that stopped at LIST_COUNT_CAP + 1. */
export const cappedTotal = (counted: number) => ({
  total: Math.min(counted, LIST_COUNT_CAP),
  totalCapped: counted > LIST_COUNT_CAP,
});

/** Which rows a list query reads: after the cursor's row, or (without a cursor) the page's rows by position. */
export const keysetWindowOf = <K>(q: { page: number; limit: number; order: 'asc' | 'desc' }, after: K | undefined) => ({
  order: q.order,
  limit: q.limit,
  offset: after ? 0 : offsetOfPage(q.page, q.limit),
  after,
});

/**
 * A keyset list's answer: `limit` of the rows read as `toItem` writes them, the capped total, and the cursor of the
 * next page, made from the last row kept when an extra row was read.
 */
export function keysetAnswer<R, T>(
  found: { rows: R[]; counted: number },
  q: { page: number; limit: number; order: 'asc' | 'desc' },
  sort: string,
  keyOf: (row: R) => (string | number)[],
  toItem: (row: R) => T,
): { data: T[]; pagination: KeysetPagination } {
  const more = found.rows.length > q.limit;
  const kept = more ? found.rows.slice(0, q.limit) : found.rows;
  const last = kept.at(-1);
  const nextCursor = more && last !== undefined ? encodeCursor({ sort, order: q.order, key: keyOf(last) }) : null;
  return {
    data: kept.map(toItem),
    pagination: { page: q.page, limit: q.limit, ...cappedTotal(found.counted), nextCursor },
  };
}
