/** One page (1-based) of a list the browser holds whole (a device's apps, an export's apps). */
export const pageOf = <T>(rows: readonly T[], page: number, size: number): T[] =>
  rows.slice((page - 1) * size, page * size);

/**
 * ListPage's `rows` and `pagination` for a list the browser holds whole (`all`, undefined until loaded), on the page
 * `query` names: spread them in, `<ListPage … {...browserPage(keys.data, list.query)} />`.
 */
export const browserPage = <T>(all: readonly T[] | undefined, query: { page: number; limit: number }) => ({
  rows: all ? pageOf(all, query.page, query.limit) : undefined,
  pagination: { total: all?.length ?? 0 },
});
