import { Select, type ComboboxItem, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useRemembered } from '@/shared/lib/remembered';

/** How long typing pauses before the server is asked. */
export const SERVER_SEARCH_DEBOUNCE_MS = 300;

export type ServerSearchSelectProps = Omit<
  SelectProps,
  'data' | 'searchable' | 'searchValue' | 'onSearchChange' | 'filter'
> & {
  /** The server's answer for the text `onSearch` last gave (a first page: a picker never lists thousands). */
  options: ComboboxItem[];
  /** The server is being asked: said where nothing matches yet. */
  searching?: boolean;
  /** The typed text, trimmed and debounced; '' when nothing is typed or the chosen option's label is shown. */
  onSearch: (text: string) => void;
};

/**
 * A picker whose options the server searches, for lists longer than one page (groups, templates): the typed text goes
 * to the server, its answer is shown as it is, and the chosen option stays listed (and named) when a later answer no
 * longer holds it.
 */
export function ServerSearchSelect({ options, searching, onSearch, ...props }: ServerSearchSelectProps) {
  const [search, setSearch] = useState('');
  const chosen = useRemembered(
    options.find((o) => o.value === props.value),
    props.value,
  );
  // Shown after a choice, the chosen label is not a search: every option is offered again.
  const typed = search.trim() === chosen?.label ? '' : search.trim();
  const [debounced] = useDebouncedValue(typed, SERVER_SEARCH_DEBOUNCE_MS);
  useEffect(() => onSearch(debounced), [debounced, onSearch]);
  const data = chosen && !options.some((o) => o.value === chosen.value) ? [chosen, ...options] : options;
  return (
    <Select
      nothingFoundMessage={searching ? 'Searching…' : 'Nothing matches'}
      {...props}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: answer }) => answer}
      data={data}
    />
  );
}
