import { z } from 'zod/mini';
import { newsletterSubscriberSchema } from '../content.ts';
import { isExportDataSchema, staffListResponse, staffPageQuery } from './lists.ts';
import { staffEndpoint, STAFF_API_BASE } from './staff-endpoint.ts';

const S = STAFF_API_BASE;

export const newsletterListQuerySchema = z.object({ ...staffPageQuery(), isExportData: isExportDataSchema });

export type NewsletterListQuery = z.input<typeof newsletterListQuerySchema>;

export const newsletterListResponseSchema = staffListResponse(newsletterSubscriberSchema);

/** Export (`isExportData=true`): `Newsletters.csv`, header `Email,Created On`. */
export const newsletterList = staffEndpoint({
  area: 'newsletters',
  method: 'GET',
  path: `${S}/newsletter/list`,
  query: newsletterListQuerySchema,
  response: newsletterListResponseSchema,
});
