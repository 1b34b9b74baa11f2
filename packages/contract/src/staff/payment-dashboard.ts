import { z } from 'zod/mini';
import { blankAsAbsent } from '../activity.ts';
import { numeric } from '../common.ts';
import { withData } from '../envelope.ts';
import { isExportDataSchema } from './lists.ts';
import { loginBarSchema, timeZoneSchema } from './shared/schemas.ts';
import { staffEndpoint } from './staff-endpoint.ts';

/**
 * Payment dashboard (spec 3 "Payment dashboard", §3, §7 `payments/dashboard`; DECISIONS §8 "Page views"). Every figure
 * comes from rollups (payment counts by 15-minute bucket, family and status; customers by country; page views by day),
 * never from a scan of the payments table.
 *
 * - Payments are counted on the day they were created, with their current status (a Pending payment that later
 *   succeeds moves from "other" to Success on its creation day). `hasError=false` counts Success payments only,
 *   `true` Failed ones only, absent every payment (Pending, Refunded… included); it applies to the day-wise and
 *   month-wise charts; the stat cards always show all / Success / Failed.
 * - Revenue (DECISIONS §14): EUR numbers with two decimals. `gross` is the money of payments that succeeded, counted
 *   on the day they succeeded (a later refund does not take it off); `refunded` the money refunded (staff refunds,
 *   refunds and disputes at the provider), counted on the day of the refund; `net` = gross − refunded (negative on a
 *   day with more refunded than taken). Offline sales are revenue. Not filtered by `hasError`.
 * - The product pies count Success payments only, whatever `hasError` says.
 * - Page views: one view is one visitor (a keyed hash of the IP address) on one page on one UTC day; the same visitor
 *   reloading the page the same day is not counted again. Page-view days are UTC days whatever `timeZone` says.
 */

export const REPORT_YEAR_MIN = 2023;

export const REPORT_YEAR_MAX = 2033;

const intInRange = (min: number, max: number) => {
  const error = `must be a whole number from ${min} to ${max}`;
  return blankAsAbsent(
    numeric(
      z.coerce.number({ error }).check(z.refine((n) => Number.isInteger(n) && n >= min && n <= max, { error })),
      error,
    ),
  );
};

const hasErrorSchema = blankAsAbsent(
  z.pipe(
    z.enum(['true', 'false'], { error: 'must be true or false' }),
    z.transform((v) => v === 'true'),
  ),
);

/** Which chart `isExportData=true` exports (default `countryWise`, the spec's "country-wise-customers"). */
export const PAYMENT_DASHBOARD_EXPORTS = ['dayWise', 'monthWise', 'countryWise'] as const;

export type PaymentDashboardExport = (typeof PAYMENT_DASHBOARD_EXPORTS)[number];

/** CSV files of the payment dashboard's Export buttons (fixed names and headers). */
export const PAYMENT_DASHBOARD_FILES = {
  dayWise: { fileName: 'day-wise-payments.csv', headers: ['Date', 'Payments'] },
  monthWise: { fileName: 'month-wise-payments.csv', headers: ['Month', 'Payments'] },
  countryWise: { fileName: 'country-wise-customers.csv', headers: ['Country', 'Count'] },
} as const satisfies Record<PaymentDashboardExport, { fileName: string; headers: readonly string[] }>;

export const paymentDashboardQuerySchema = z.object({
  hasError: hasErrorSchema,
  /** 0 (January) to 11; default the current month in `timeZone`. */
  reportMonth: intInRange(0, 11),
  /** 2023 to 2033; default the current year in `timeZone`. */
  reportYear: intInRange(REPORT_YEAR_MIN, REPORT_YEAR_MAX),
  timeZone: timeZoneSchema,
  isExportData: isExportDataSchema,
  exportType: blankAsAbsent(
    z.enum(PAYMENT_DASHBOARD_EXPORTS, { error: `must be one of ${PAYMENT_DASHBOARD_EXPORTS.join(', ')}` }),
  ),
});

export type PaymentDashboardQuery = z.input<typeof paymentDashboardQuerySchema>;

/**
 * Payments per product (spec 3 §3: the six products of the pie). `pdowSubscriptions` ({product} Owner App) and
 * `slSubscriptions` (Super Lock) are the two families the old pie did not name, so the legend still adds up.
 */
export const productCountsSchema = z.object({
  pdSubscriptions: z.int(),
  pcSubscriptions: z.int(),
  ubSubscriptions: z.int(),
  kmSubscriptions: z.int(),
  pobSubscriptions: z.int(),
  pChatSubscriptions: z.int(),
  pdowSubscriptions: z.int(),
  slSubscriptions: z.int(),
});

export type ProductCounts = z.infer<typeof productCountsSchema>;

/** One month of the page-view multi-bar: `key` 0–11, `label` Jan..Dec. */
export const pageViewMonthBarSchema = z.object({
  key: z.int(),
  label: z.string(),
  homePageCount: z.int(),
  paymentPageCount: z.int(),
});

export type PageViewMonthBar = z.infer<typeof pageViewMonthBarSchema>;

export const countryCustomersSchema = z.object({
  /** The customers' country by name ("United Kingdom", DECISIONS §14, from the phone number); "Unknown" when none. */
  _id: z.string(),
  count: z.int(),
});

export type CountryCustomers = z.infer<typeof countryCustomersSchema>;

/** Money of a period, EUR with two decimals: gross taken, refunded, and net = gross − refunded. */
export const revenueFiguresSchema = z.object({ gross: z.number(), refunded: z.number(), net: z.number() });

export type RevenueFigures = z.infer<typeof revenueFiguresSchema>;

export const paymentDashboardSchema = z.object({
  reportMonth: z.int(),
  reportYear: z.int(),
  timeZone: z.string(),
  /** Today in `timeZone` (ISO date). */
  date: z.string(),
  dashboardStats: z.object({
    todaysPayment: z.int(),
    todaysSuccessPayment: z.int(),
    todaysFailedPayment: z.int(),
    todaysHomePageCount: z.int(),
    todaysPaymentPageCount: z.int(),
    /** Gross EUR taken today (in `timeZone`). */
    todaysRevenue: z.number(),
    /** EUR refunded today. */
    todaysRefunded: z.number(),
  }),
  /** The report month and the report year. */
  revenue: z.object({ month: revenueFiguresSchema, year: revenueFiguresSchema }),
  /** Each month of the report year, January first (the order of `monthWiseBarChart`). */
  monthWiseRevenueChart: z.array(revenueFiguresSchema),
  /** All time, Success payments. */
  planWisePieChart: productCountsSchema,
  /** The report month, Success payments. */
  planWisePieChartByMonth: productCountsSchema,
  /** Each day of the report month: `key` the ISO date, `label` the day of the month. */
  dayWiseBarChart: z.array(loginBarSchema),
  /** Each month of the report year: `key` 0–11, `label` Jan..Dec. */
  monthWiseBarChart: z.array(loginBarSchema),
  monthWisePageViewMultipleBarChart: z.array(pageViewMonthBarSchema),
  topTenCountryWiseCustomer: z.array(countryCustomersSchema),
});

export type PaymentDashboard = z.infer<typeof paymentDashboardSchema>;

export const paymentDashboardResponseSchema = withData(paymentDashboardSchema);

// ------------------------------------------------------------------------------ payment dashboard (spec 3 §7)

/** `isExportData=true` answers the CSV of `exportType` (dayWise, monthWise or countryWise, the default). */
export const paymentDashboard = staffEndpoint({
  area: 'paymentDashboard',
  method: 'GET',
  path: '/api/v1/super-admin/payments/dashboard',
  query: paymentDashboardQuerySchema,
  response: paymentDashboardResponseSchema,
});
