import { endpoint } from '../endpoint.ts';
import { dashboardResponseSchema, licenceSummaryResponseSchema } from '../payments.ts';

/** Dashboard and licence summary (spec 1 §2 Dashboard, banner). */
export const dashboard = endpoint({
  method: 'GET',
  path: '/api/v1/admin/dashboard',
  response: dashboardResponseSchema,
});
export const summary = endpoint({
  method: 'GET',
  path: '/api/v1/admin/licences/summary',
  response: licenceSummaryResponseSchema,
});
