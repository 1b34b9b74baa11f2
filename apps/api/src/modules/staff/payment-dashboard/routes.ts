import { staffApi } from '@fleetdeck/contract/staff';
import type { AppContext } from '../../../context.ts';
import { staffAreaRoutes } from '../guard.ts';
import * as service from './service.ts';

const DESCRIPTION =
  'Everything comes from rollups kept by triggers and the `rollup.payments` job (plus the changes not folded yet), ' +
  'never from a scan of the payments table. Payments count on the day they were created, with their current status. ' +
  '`timeZone` (IANA, default UTC) decides where today, a day and a month begin; `reportMonth` (0–11) and `reportYear` ' +
  '(2023–2033) default to the current ones. `hasError=false` limits the charts to Success payments, `true` to Failed ' +
  'ones. Page views are distinct visitors per page per UTC day. `isExportData=true` answers the CSV of `exportType`: ' +
  '`dayWise` (day-wise-payments.csv, Date,Payments), `monthWise` (month-wise-payments.csv, Month,Payments) or ' +
  '`countryWise` (default; country-wise-customers.csv, Country,Count, every country).';

/** Payment dashboard (spec 3 "Payment dashboard", §7 `payments/dashboard`). */
export const staffPaymentDashboardRoutes = (ctx: AppContext) =>
  staffAreaRoutes(ctx, ['Back office: payment dashboard'], (route) => {
    route(
      staffApi.paymentDashboard,
      {
        summary: "Today's payments and page views, payments by day, month and product, top countries",
        description: DESCRIPTION,
      },
      async (req, reply) => {
        if (req.query.isExportData) return service.exportDashboard(ctx, req.query, reply);
        return { respones_msg: 'Payment dashboard', data: await service.paymentDashboard(ctx, req.query) };
      },
    );
  });
