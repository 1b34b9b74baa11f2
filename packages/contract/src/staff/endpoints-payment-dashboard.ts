import { paymentDashboardQuerySchema, paymentDashboardResponseSchema } from './payment-dashboard.ts';
import { staffEndpoint } from './staff-endpoint.ts';

// ------------------------------------------------------------------------------ payment dashboard (spec 3 §7)

/** `isExportData=true` answers the CSV of `exportType` (dayWise, monthWise or countryWise, the default). */
export const paymentDashboard = staffEndpoint({
  area: 'paymentDashboard',
  method: 'GET',
  path: '/api/v1/super-admin/payments/dashboard',
  query: paymentDashboardQuerySchema,
  response: paymentDashboardResponseSchema,
});
