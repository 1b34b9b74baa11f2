import { z } from 'zod/mini';
import { blankAsAbsent, cursorSchema, keysetPaginationSchema, pageQuerySchema } from '../activity.ts';
import { DEFAULT_PAGE_SIZE, documentedPageSize, numeric, text } from '../common.ts';

/**
 * The shapes every staff list shares (DECISIONS §8 "Paths the spec leaves out"): `page` and `limit` in, `data` plus
 * `pagination {page, limit, total}` out, and `isExportData=true` answering the same rows as a CSV file. Lists that grow
 * to millions are keyset-paged: `pagination.nextCursor` goes back as `cursor`, and `total` is capped
 * (`totalCapped`), as on the customer's own lists.
 */

/** Spec 3 §9: page sizes 5, 10, 25, 50 (default 25); payment errors and devices 5 to 500; page views 5 to 100. */
export const STAFF_PAGE_SIZES = {
  standard: [5, 10, 25, 50],
  wide: [5, 10, 25, 50, 100, 250, 500],
  pageViews: [5, 10, 25, 50, 100],
} as const;
export type StaffPageSizes = keyof typeof STAFF_PAGE_SIZES;

/** `limit` of one of the size sets above (default 25). */
export const staffLimitSchema = (sizes: StaffPageSizes = 'standard') => {
  const allowed: readonly number[] = STAFF_PAGE_SIZES[sizes];
  const message = `must be one of ${allowed.join(', ')}`;
  return z._default(
    numeric(
      documentedPageSize(
        z.coerce.number({ error: message }).check(z.refine((n) => allowed.includes(n), { error: message })),
        allowed,
      ),
      message,
    ),
    DEFAULT_PAGE_SIZE,
  );
};

/** `page`, `limit` and the keyset `cursor` of a staff list. Spread into the list's query object. */
export const staffPageQuery = (sizes: StaffPageSizes = 'standard') => ({
  page: pageQuerySchema,
  limit: staffLimitSchema(sizes),
  cursor: cursorSchema,
});

/** `isExportData=true`: answer the whole filtered list as CSV instead of a page of JSON. */
export const isExportDataSchema = blankAsAbsent(
  z.pipe(
    z.enum(['true', 'false'], { error: 'must be true or false' }),
    z.transform((v) => v === 'true'),
  ),
);

/** `true` / `false` query switches (spec 3's "0 Success Payments", "Show Unused Licence", "Offline Payments"). */
export const booleanQuerySchema = isExportDataSchema;

/** An ISO date `YYYY-MM-DD` (the list filters' From and To). */
export const isoDateQuerySchema = blankAsAbsent(
  text().check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date like 2026-01-31' }),
    // Date.parse rolls 2026-02-31 over to March: only a date that reads back the same is real.
    z.refine(
      (v) => {
        const t = Date.parse(`${v}T00:00:00Z`);
        return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === v;
      },
      { error: 'is not a real date' },
    ),
  ),
);

/** The answer of a staff list: `{ respones_msg, data: rows, pagination }`. */
export const staffListResponse = <Row extends z.ZodMiniType>(row: Row) =>
  z.object({ respones_msg: z.string(), data: z.array(row), pagination: keysetPaginationSchema });
