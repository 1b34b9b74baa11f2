import { useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { limitQuerySchema, pageQuerySchema } from '@fleetdeck/contract';
import { z } from 'zod/mini';

/**
 * The state of a server-paged list — filters, sort, page, page size and (keyset lists) cursor — kept in the URL and
 * read back through the contract's query schema, so a link reproduces the view and Back from a detail page returns
 * to it. Offset lists (`page` & `limit`, staff lists too) and keyset lists (`cursor`, device logs, audit log) alike.
 */

/** A list query schema of the contract: an object whose keys are all optional or defaulted. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ListQuerySchema = z.ZodMiniObject<any>;

/** Page and page size only: a list paged in the browser, or a call that takes nothing else (the restore targets). */
export const pagingQuerySchema = z.object({ page: pageQuerySchema, limit: limitQuerySchema });

type Query<S extends ListQuerySchema> = z.output<S>;

/** The value a key takes in the URL: numbers and booleans as text, an absent value as no key at all. */
const toParam = (value: unknown): string | undefined => {
  if (value === undefined || value === null || value === '') return undefined;
  if (value instanceof Date) return value.toISOString();
  return String(value);
};

type Params = Record<string, string>;

const toParams = (values: Record<string, unknown>, keys: readonly string[]): Params => {
  const out: Params = {};
  for (const key of keys) {
    const v = toParam(values[key]);
    if (v !== undefined) out[key] = v;
  }
  return out;
};

/**
 * Reads the list's keys from the URL: defaults fill the keys the URL leaves out; a value the schema refuses (a
 * hand-edited or stale link) falls back to its default instead of breaking the page.
 */
export function parseListSearch<S extends ListQuerySchema>(schema: S, raw: Params, defaults: Params): Query<S> {
  const keys = Object.keys(schema.shape);
  let input: Params = { ...defaults };
  for (const key of keys) {
    const value = raw[key];
    // An empty value (`?priceId=`) means no filter.
    if (value !== undefined && value !== '' && schema.shape[key].safeParse(value).success) input[key] = value;
  }
  // Rules across keys (e.g. audit: a sub-type needs its type): drop the keys they name, then try again.
  for (let attempt = 0; attempt < keys.length; attempt += 1) {
    const parsed = schema.safeParse(input);
    if (parsed.success) return parsed.data as Query<S>;
    const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
    const next: Params = {};
    for (const [key, value] of Object.entries(input)) {
      if (!bad.has(key)) next[key] = value;
      else if (defaults[key] !== undefined && defaults[key] !== value) next[key] = defaults[key];
    }
    if (JSON.stringify(next) === JSON.stringify(input)) break;
    input = next;
  }
  const parsed = schema.safeParse(defaults);
  if (parsed.success) return parsed.data as Query<S>;
  throw new Error(`useListSearch: the schema refuses its own defaults (${parsed.error.message})`);
}

/** The list's keys as the URL gives them (the first value of a repeated key, as `URLSearchParams.get` reads it). */
const rawOf = (search: URLSearchParams, keys: readonly string[]): Params => {
  const out: Params = {};
  for (const key of keys) {
    const v = search.get(key);
    if (v !== null) out[key] = v;
  }
  return out;
};

/**
 * The query `useListSearch(schema, defaults)` reads from this query string, outside React: a route's `prefetch`
 * asks for the same list (the same query key) before the page has rendered.
 */
export function readListSearch<S extends ListQuerySchema>(
  schema: S,
  search: URLSearchParams,
  defaults: Partial<Query<S>> = {},
): Query<S> {
  const keys = Object.keys(schema.shape);
  return parseListSearch(schema, rawOf(search, keys), toParams(defaults, keys));
}

export interface ListSearch<Q> {
  /** The parsed query, ready for the list call (every default filled in). */
  query: Q;
  /** 1-based page shown. */
  page: number;
  /** Page size. */
  limit: number;
  /** Changes filters (or the sort) and starts again at page 1 without a cursor. */
  setFilters: (patch: Partial<Q>) => void;
  /** Goes to page `n`; keyset lists pass the `nextCursor` the current page answered. */
  goToPage: (n: number, nextCursor?: string | null) => void;
  /** A new page size starts again at page 1. */
  setPageSize: (limit: number) => void;
  /** Back to the defaults. */
  reset: () => void;
}

export interface ListSearchOptions {
  /**
   * Where the state lives: `url` (default; a page's list) or `memory` (a list inside a dialog, which must not
   * rewrite its page's URL; it starts again when the component mounts).
   */
  storage?: 'url' | 'memory';
}

/** Search params in the URL, or in component state for a list inside a dialog. */
function useParamsStore(storage: 'url' | 'memory') {
  const [urlParams, setUrlParams] = useSearchParams();
  const [memory, setMemory] = useState(() => new URLSearchParams());
  if (storage === 'memory') {
    return [memory, (next: URLSearchParams) => setMemory(next)] as const;
  }
  return [urlParams, (next: URLSearchParams) => setUrlParams(next, { replace: true })] as const;
}

/**
 * `useListSearch(querySchema, defaults)`: the list's state in the URL, parsed with the contract's query schema.
 * `defaults` are the page's own defaults where they differ from the schema's (e.g. a sort order); values equal to
 * a default stay out of the URL. URL keys the schema does not name (e.g. the `id` of a detail page) are kept.
 */
export function useListSearch<S extends ListQuerySchema>(
  schema: S,
  defaults: Partial<Query<S>> = {},
  { storage = 'url' }: ListSearchOptions = {},
): ListSearch<Query<S>> {
  const keys = useMemo(() => Object.keys(schema.shape), [schema]);
  const keyset = keys.includes('cursor');
  const [params, setParams] = useParamsStore(storage);
  const defaultsKey = JSON.stringify(defaults);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `defaults` is compared by value.
  const defaultParams = useMemo(() => toParams(defaults, keys), [defaultsKey, keys]);
  /** Every default, the schema's included, as they would appear in the URL. */
  const baseline = useMemo(
    () => toParams(parseListSearch(schema, {}, defaultParams), keys),
    [schema, defaultParams, keys],
  );

  const raw = useMemo(() => rawOf(params, keys), [params, keys]);
  const query = useMemo(() => parseListSearch(schema, raw, defaultParams), [schema, raw, defaultParams]);
  const page = Number((query as Record<string, unknown>).page ?? 1) || 1;
  const limit = Number((query as Record<string, unknown>).limit ?? 0) || 0;

  // Keyset lists: the cursor of every page reached with Next, so a page button of a page already seen uses it again.
  const filterKey = JSON.stringify({ ...raw, page: undefined, cursor: undefined });
  const cursors = useRef<{ filterKey: string; byPage: Record<number, string> }>({ filterKey, byPage: {} });
  const currentCursor = (query as Record<string, unknown>).cursor;

  const write = useCallback(
    (values: Record<string, unknown>) => {
      const next = new URLSearchParams(params);
      const wanted = toParams(values, keys);
      for (const key of keys) {
        const v = wanted[key];
        if (v === undefined || v === baseline[key]) next.delete(key);
        else next.set(key, v);
      }
      setParams(next);
    },
    [params, keys, baseline, setParams],
  );

  const setFilters = useCallback(
    (patch: Partial<Query<S>>) => write({ ...query, ...patch, page: 1, cursor: undefined }),
    [write, query],
  );
  const goToPage = useCallback(
    (n: number, nextCursor?: string | null) => {
      if (!keyset || n <= 1) return write({ ...query, page: n, cursor: undefined });
      if (cursors.current.filterKey !== filterKey) cursors.current = { filterKey, byPage: {} };
      const seen = cursors.current.byPage;
      // The URL's cursor (a shared link, or a page reached before) is remembered for its page.
      if (typeof currentCursor === 'string') seen[page] = currentCursor;
      if (n === page + 1 && nextCursor) seen[n] = nextCursor;
      return write({ ...query, page: n, cursor: seen[n] });
    },
    [write, query, keyset, page, filterKey, currentCursor],
  );
  const setPageSize = useCallback(
    (size: number) => write({ ...query, limit: size, page: 1, cursor: undefined }),
    [write, query],
  );
  const reset = useCallback(() => write({}), [write]);

  return { query, page, limit, setFilters, goToPage, setPageSize, reset };
}

/**
 * A list page's search and the query it asks with it, as `ListPage` takes them (`<ListPage {...list} …>`):
 * `useListSearch(schema, defaults)`, then `useQuery(search.query)`.
 */
export function useListQuery<S extends ListQuerySchema, R>(
  schema: S,
  useQuery: (query: Query<S>) => R,
  defaults: Partial<Query<S>> = {},
): { search: ListSearch<Query<S>>; result: R } {
  const search = useListSearch(schema, defaults);
  return { search, result: useQuery(search.query) };
}
