import { z } from 'zod/mini';
import { keysetPaginationSchema } from '../activity.ts';
import { booleanQuerySchema, staffPageQuery } from './lists.ts';
import { emailFilter, staffPaymentRowSchema } from './shared/schemas.ts';
import { staffEndpoint, STAFF_API_BASE } from './staff-endpoint.ts';

const S = STAFF_API_BASE;

/** `GET payments/upcoming-expire-history`: Success payments whose seats expire in the next 30 days, soonest first. */
export const upcomingExpireQuerySchema = z.object({
  /** `true`: offline sales only; `false`: online payments only; absent: both. */
  isOfflinePayment: booleanQuerySchema,
  email: emailFilter,
  ...staffPageQuery(),
});

export type UpcomingExpireQuery = z.input<typeof upcomingExpireQuerySchema>;

export type UpcomingExpireSearch = z.output<typeof upcomingExpireQuerySchema>;

export const upcomingExpireResponseSchema = z.object({
  respones_msg: z.string(),
  data: z.array(staffPaymentRowSchema),
  pagination: keysetPaginationSchema,
});

export const upcomingExpireHistory = staffEndpoint({
  area: 'upcomingExpire',
  method: 'GET',
  path: `${S}/payments/upcoming-expire-history`,
  query: upcomingExpireQuerySchema,
  response: upcomingExpireResponseSchema,
});
