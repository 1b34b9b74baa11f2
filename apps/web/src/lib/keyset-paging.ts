import { useCallback, useState } from 'react';

interface KeysetPagingState {
  page: number;
  /** The cursor that fetches `page`; undefined: fetched by position. */
  cursor: string | undefined;
  /** The cursor of every page reached with Next, so the page buttons of pages already seen use it again. */
  cursors: Readonly<Record<number, string>>;
}

const FIRST_PAGE: KeysetPagingState = { page: 1, cursor: undefined, cursors: {} };

/**
 * Page state of a keyset list (device logs, audit log): the server answers `nextCursor` with each page. Next uses
 * it; a page seen before uses its own cursor again; any other page (a page button within the counted rows) is
 * fetched by position. Call `reset` when a filter, the sort or the page size changes.
 */
export function useKeysetPaging() {
  const [state, setState] = useState<KeysetPagingState>(FIRST_PAGE);

  /** Goes to page `n`; `nextCursor` is the one the current page answered. */
  const goTo = useCallback((n: number, nextCursor: string | null | undefined) => {
    setState((s) => {
      if (n <= 1) return { ...FIRST_PAGE, cursors: s.cursors };
      if (n === s.page + 1 && nextCursor) {
        return { page: n, cursor: nextCursor, cursors: { ...s.cursors, [n]: nextCursor } };
      }
      return { page: n, cursor: s.cursors[n], cursors: s.cursors };
    });
  }, []);

  const reset = useCallback(() => setState(FIRST_PAGE), []);

  return { page: state.page, cursor: state.cursor, goTo, reset };
}
