import {
  Autocomplete,
  Button,
  Group,
  Select,
  Stack,
  Switch,
  TextInput,
  type ComboboxData,
  type StyleProp,
} from '@mantine/core';
import { IconFileExport, IconSearch } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { DataTable, type DataTableColumn } from '@/shared/components/data-table';
import { LoadError } from '@/shared/components/load-error';
import { errorMessage } from '@/shared/lib/api-client';
import type { ListSearch } from '@/shared/lib/list-search';
import { notifyError } from '@/shared/lib/notify';

type Key<Q> = keyof Q & string;
type Width = StyleProp<React.CSSProperties['width']>;

/** A text filter: typed, applied with the Search button. `suggestions` turns it into an autocomplete. */
export interface TextFilter<Q> {
  kind: 'text';
  key: Key<Q>;
  label: string;
  placeholder?: string;
  maxLength?: number;
  suggestions?: readonly string[];
  /** The value sent, from what was typed (default: trimmed; '' means no filter). */
  normalize?: (typed: string) => string;
  w?: Width;
}

/** A select, applied when chosen. `data`, `placeholder` and `disabled` may depend on the other filters. */
export interface SelectFilter<Q> {
  kind: 'select';
  key: Key<Q>;
  label: string;
  data: ComboboxData | ((query: Q) => ComboboxData);
  placeholder?: string | ((query: Q) => string);
  disabled?: (query: Q) => boolean;
  searchable?: boolean;
  /** Filters that depend on this one and are cleared when it changes (e.g. the audit sub-type). */
  clears?: Key<Q>[];
  w?: Width;
}

/** A switch: on sends `true`, off sends nothing. */
export interface SwitchFilter<Q> {
  kind: 'switch';
  key: Key<Q>;
  label: string;
}

/** Two dates (`YYYY-MM-DD`), each applied when chosen: "<label> from" and "<label> to". */
export interface DateRangeFilter<Q> {
  kind: 'dateRange';
  from: Key<Q>;
  to: Key<Q>;
  label: string;
}

/** A select's options from `{ value: label }` (in that order), e.g. `choices({ true: 'Yes', false: 'No' })`. */
export const choices = (labels: Record<string, string>): ComboboxData =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/**
 * A select whose placeholder is "All" (nothing chosen: no filter), `width` px wide from the xs breakpoint up, e.g.
 * `allSelect('status', 'Status', ['All', 'Success', 'Failed'], 130)`; `more` adds or overrides settings.
 */
export const allSelect = <K extends string>(
  key: K,
  label: string,
  data: ComboboxData,
  width: number,
  more: Partial<Omit<SelectFilter<Partial<Record<K, unknown>>>, 'kind' | 'key'>> = {},
): SelectFilter<Partial<Record<K, unknown>>> => ({
  kind: 'select',
  key,
  label,
  data,
  placeholder: 'All',
  w: { base: '100%', xs: width },
  ...more,
});

export type ListFilter<Q> = TextFilter<Q> | SelectFilter<Q> | SwitchFilter<Q> | DateRangeFilter<Q>;

/** The answer's paging: offset lists `{ total }`, keyset lists also `totalCapped` and `nextCursor`. */
export interface ListPagination {
  total: number;
  totalCapped?: boolean;
  nextCursor?: string | null;
}

/** What ListPage reads from the list's query (a TanStack Query result): its state and, by default, its page. */
export interface ListQueryState {
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  /** A list answer (`{ data, pagination }`): the rows and paging shown unless `rows` / `pagination` are given. */
  data?: unknown;
}

/** The rows and paging of a list answer (`{ data, pagination }`), the shape every list endpoint answers with. */
interface ListAnswer<T> {
  data?: T[];
  pagination?: ListPagination;
}

/**
 * How the list is named: `label` alone, or `noun` — what the list shows as said in a sentence ("audit logs") — which
 * names the table ("Audit logs"), the load error ("The audit logs could not load") and the filter bar ("Filter the
 * audit logs"); `label`, `errorTitle` and `filtersLabel` given beside it win.
 */
type ListNaming = { label: string; noun?: string } | { noun: string; label?: string };

/** Rows with an `_id` are keyed by it unless `rowKey` says otherwise; other rows need `rowKey`. */
type RowKeyProp<T> = T extends { _id: string } ? { rowKey?: (row: T) => string } : { rowKey: (row: T) => string };

export type ListPageProps<T, Q> = ListNaming & RowKeyProp<T> & ListPageOptions<T, Q>;

interface ListPageOptions<T, Q> {
  search: ListSearch<Q>;
  /** The list's query, passed as it is: its answer's `data` are the rows, its `pagination` the paging. */
  result: ListQueryState;
  /** Rows from elsewhere than `result.data.data` (a second table of the same answer, rows filtered on the page). */
  rows?: T[] | undefined;
  /** Paging from elsewhere than `result.data.pagination`. */
  pagination?: ListPagination | undefined;
  columns: DataTableColumn<T>[];
  // Q comes from `search` alone: filters built by helpers (`allSelect`) name only their own key.
  filters?: ListFilter<NoInfer<Q>>[];
  /** Accessible name of the filter bar. */
  filtersLabel?: string;
  /** Shown above the table with Retry when the list fails; without it the failure is left to the toast. */
  errorTitle?: string;
  emptyMessage?: string;
  /**
   * Width in px below which the table scrolls sideways (mobile); default: its columns' widths added up, so it scrolls
   * before any column is squashed. Given where a column without a width needs more room than that.
   */
  minWidth?: number;
  /** Page sizes offered (default 5, 10, 25, 50; e.g. the staff devices list 5 to 500). */
  pageSizes?: readonly number[];
  /** Shows an "Export CSV" button beside the filters (staff lists: the same call with `isExportData=true`). */
  onExportCsv?: () => Promise<unknown> | void;
  /** Above the filter bar (page actions, summaries). */
  header?: ReactNode;
  /** After the table (the page's dialogs). */
  children?: ReactNode;
}

const str = (value: unknown) => (value === undefined || value === null ? '' : String(value));

function TextFilters<Q>({
  filters,
  search,
  label,
  busy,
  onUnchanged,
}: {
  filters: TextFilter<Q>[];
  search: ListSearch<Q>;
  label?: string;
  busy: boolean;
  /** Search pressed with the filters already applied on page 1: the URL stays, so the list is asked again. */
  onUnchanged: () => void;
}) {
  const query = search.query as Record<string, unknown>;
  const [draft, setDraft] = useState<Record<string, string>>(() =>
    Object.fromEntries(filters.map((f) => [f.key, str(query[f.key])])),
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const patch: Record<string, unknown> = {};
    for (const f of filters) {
      const typed = draft[f.key] ?? '';
      const value = f.normalize ? f.normalize(typed) : typed.trim();
      patch[f.key] = value || undefined;
    }
    const unchanged = search.page === 1 && filters.every((f) => str(patch[f.key]) === str(query[f.key]));
    if (unchanged) onUnchanged();
    else search.setFilters(patch as Partial<Q>);
  };
  return (
    <form onSubmit={onSubmit} role="search" aria-label={label}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        {filters.map((f) => {
          const value = draft[f.key] ?? '';
          const set = (v: string) => setDraft((d) => ({ ...d, [f.key]: v }));
          return f.suggestions ? (
            <Autocomplete
              key={f.key}
              label={f.label}
              placeholder={f.placeholder}
              value={value}
              onChange={set}
              data={[...f.suggestions]}
              w={f.w ?? { base: '100%', xs: 260 }}
              size="sm"
              autoComplete="off"
              maxLength={f.maxLength}
            />
          ) : (
            <TextInput
              key={f.key}
              label={f.label}
              placeholder={f.placeholder}
              value={value}
              onChange={(e) => set(e.currentTarget.value)}
              w={f.w ?? { base: '100%', xs: 280 }}
              size="sm"
              maxLength={f.maxLength}
            />
          );
        })}
        <Button type="submit" leftSection={<IconSearch size={16} />} loading={busy}>
          Search
        </Button>
      </Group>
    </form>
  );
}

function ChoiceFilters<Q>({
  filters,
  search,
  label,
}: {
  filters: Exclude<ListFilter<Q>, TextFilter<Q>>[];
  search: ListSearch<Q>;
  label?: string;
}) {
  const q = search.query;
  const query = q as Record<string, unknown>;
  const set = (patch: Record<string, unknown>) => search.setFilters(patch as Partial<Q>);
  return (
    <Group gap="sm" align="flex-end" role="group" aria-label={label}>
      {filters.map((f) => {
        switch (f.kind) {
          case 'select':
            return (
              <Select
                key={f.key}
                label={f.label}
                placeholder={typeof f.placeholder === 'function' ? f.placeholder(q) : f.placeholder}
                data={typeof f.data === 'function' ? f.data(q) : f.data}
                value={query[f.key] === undefined ? null : str(query[f.key])}
                disabled={f.disabled?.(q)}
                searchable={f.searchable}
                clearable
                w={f.w ?? { base: '100%', xs: 200 }}
                onChange={(value) =>
                  set({
                    [f.key]: value ?? undefined,
                    ...Object.fromEntries((f.clears ?? []).map((k) => [k, undefined])),
                  })
                }
              />
            );
          case 'switch':
            return (
              <Switch
                key={f.key}
                label={f.label}
                checked={query[f.key] === true}
                onChange={(e) => set({ [f.key]: e.currentTarget.checked ? true : undefined })}
                mb={6}
              />
            );
          case 'dateRange':
            return (
              <Group key={f.from} gap="xs" align="flex-end" wrap="nowrap">
                {([f.from, f.to] as const).map((k, i) => (
                  <TextInput
                    key={k}
                    type="date"
                    label={`${f.label} ${i === 0 ? 'from' : 'to'}`}
                    value={str(query[k])}
                    onChange={(e) => set({ [k]: e.currentTarget.value || undefined })}
                    w={160}
                  />
                ))}
              </Group>
            );
        }
      })}
    </Group>
  );
}

function ExportCsvButton({ onExport }: { onExport: () => Promise<unknown> | void }) {
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant="default"
      leftSection={<IconFileExport size={16} />}
      loading={pending}
      onClick={() => {
        setPending(true);
        void Promise.resolve()
          .then(onExport)
          // "No data to export" (404 E_NO_DATA) and every other failure: the server's message as an error toast.
          .catch((error: unknown) => notifyError(errorMessage(error)))
          .finally(() => setPending(false));
      }}
    >
      Export CSV
    </Button>
  );
}

const keyById = (row: unknown) => (row as { _id: string })._id;

/** What a column without a `width` adds to the table's default minimum width. */
const UNSIZED_COLUMN_WIDTH = 120;
const columnsWidth = (columns: { width?: number }[]) =>
  columns.reduce((sum, column) => sum + (column.width ?? UNSIZED_COLUMN_WIDTH), 0);

/**
 * The scaffolding of a server-paged list: the filter bar built from `filters`, the load error with Retry, the
 * `DataTable` wired to `useListSearch` (pages, page size, keyset cursor), the empty message, and — when the last
 * row of a page was deleted — the page before.
 */
export function ListPage<T, Q>(props: ListPageProps<T, Q>) {
  const { noun } = props;
  const label = props.label ?? (noun ? noun.charAt(0).toUpperCase() + noun.slice(1) : '');
  const errorTitle = props.errorTitle ?? (noun ? `The ${noun} could not load` : undefined);
  const filtersLabel = props.filtersLabel ?? (noun ? `Filter the ${noun}` : undefined);
  const rowKey: (row: T) => string = props.rowKey ?? keyById;
  return <ListPageView {...props} label={label} errorTitle={errorTitle} filtersLabel={filtersLabel} rowKey={rowKey} />;
}

function ListPageView<T, Q>({
  label,
  search,
  result,
  rows: givenRows,
  pagination: givenPagination,
  columns,
  rowKey,
  filters = [],
  filtersLabel,
  errorTitle,
  emptyMessage,
  minWidth,
  pageSizes,
  onExportCsv,
  header,
  children,
}: ListPageOptions<T, Q> & { label: string; rowKey: (row: T) => string }) {
  const answer = result.data as ListAnswer<T> | undefined;
  const rows = givenRows ?? answer?.data;
  const pagination = givenPagination ?? answer?.pagination;
  const { page, limit } = search;
  const total = pagination?.total ?? 0;

  // The page came back empty (its last row was deleted, or a stale link): show the last page that has rows.
  const emptyPage = !result.isFetching && !result.isError && rows !== undefined && rows.length === 0 && page > 1;
  useEffect(() => {
    if (emptyPage) search.goToPage(Math.max(1, Math.min(page - 1, Math.ceil(total / limit))));
  }, [emptyPage, page, total, limit, search]);

  const texts = filters.filter((f): f is TextFilter<Q> => f.kind === 'text');
  const choices = filters.filter((f): f is Exclude<ListFilter<Q>, TextFilter<Q>> => f.kind !== 'text');
  const hasBar = filters.length > 0 || onExportCsv;

  return (
    <Stack gap="md">
      {header}
      {hasBar ? (
        <Group justify="space-between" align="flex-end" gap="sm">
          <Group gap="sm" align="flex-end">
            {texts.length > 0 ? (
              <TextFilters
                filters={texts}
                search={search}
                label={filtersLabel}
                busy={result.isFetching}
                onUnchanged={() => void result.refetch()}
              />
            ) : null}
            {choices.length > 0 ? (
              <ChoiceFilters filters={choices} search={search} label={texts.length ? undefined : filtersLabel} />
            ) : null}
          </Group>
          {onExportCsv ? <ExportCsvButton onExport={onExportCsv} /> : null}
        </Group>
      ) : null}
      {errorTitle && result.isError ? (
        <LoadError
          title={errorTitle}
          error={result.error}
          retrying={result.isFetching}
          onRetry={() => void result.refetch()}
        />
      ) : null}
      <DataTable
        label={label}
        columns={columns}
        rows={rows}
        rowKey={rowKey}
        total={total}
        totalCapped={pagination?.totalCapped}
        hasNextPage={
          Boolean(pagination?.nextCursor) ||
          // A capped count without a cursor (pages by position, e.g. the device list): more follow a full page.
          (pagination?.totalCapped === true && pagination.nextCursor === undefined && rows?.length === limit)
        }
        page={page}
        pageSize={limit}
        loading={result.isFetching}
        onPageChange={(n) => search.goToPage(n, pagination?.nextCursor)}
        onPageSizeChange={search.setPageSize}
        emptyMessage={emptyMessage}
        minWidth={minWidth ?? columnsWidth(columns)}
        {...(pageSizes ? { pageSizes } : {})}
      />
      {children}
    </Stack>
  );
}
