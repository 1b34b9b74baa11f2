import { staffApi } from '@fleetdeck/contract/staff';
import type { AppContext } from '../../../context.ts';
import { staffAreaRoutes } from '../guard.ts';
import * as dashboard from './service.ts';
import { answer, answerList } from '../../../lib/area-routes.ts';

const ZONE =
  '`timeZone` (IANA, e.g. Europe/London; default UTC) decides where a day and a month begin. Counts come from the ' +
  '15-minute login rollup plus the rows it has not folded yet, so they are exact and current without scanning the ' +
  'audit table. `hasError=false` counts successful logins, `true` failed ones, absent both.';

/** Admin dashboard and login history (spec 3 "Admin dashboard", "Dashboard history"; DECISIONS §8 login counts). */
export const staffDashboardRoutes = (ctx: AppContext) =>
  staffAreaRoutes(ctx, ['Back office: dashboard'], (route) => {
    route(staffApi.loginDashboard, { summary: "Today's app and web login counts", description: ZONE }, async (req) => ({
      respones_msg: 'Dashboard',
      data: await dashboard.todayCounts(ctx, req.query),
    }));
    route(
      staffApi.weekWiseLogin,
      { summary: 'App and web logins of the last 8 days (Sun..Sat labels)', description: ZONE },
      answer('Week-wise logins', (req) => dashboard.weekCounts(ctx, req.query)),
    );
    route(
      staffApi.monthWiseLogin,
      { summary: 'App and web logins by month of the current year (Jan..Dec)', description: ZONE },
      answer('Month-wise logins', (req) => dashboard.monthCounts(ctx, req.query)),
    );
    route(
      staffApi.loginHistory,
      {
        summary: 'The login log across customers, newest first',
        description:
          'Filters: `source` (All, Web, App), `type` (All, Login), `email` (exact), `hasError`. Keyset-paged: ' +
          '`total` counts at most 10,000 rows (`totalCapped`); pages past them are reached with `nextCursor`.',
      },
      answerList('Login history', (req) => dashboard.loginHistory(ctx, req.query)),
    );
  });
