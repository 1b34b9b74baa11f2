/** One page (1-based) of a list the browser holds whole (a device's apps, an export's apps). */
export const pageOf = <T>(rows: readonly T[], page: number, size: number): T[] =>
  rows.slice((page - 1) * size, page * size);
