import { licencesApi } from '@fleetdeck/contract';
import type { AppContext } from '../../context.ts';
import { answer, areaRoutes } from '../../lib/area-routes.ts';
import { deviceScopeOf, requireMember } from '../../plugins/auth.ts';
import { dashboard, licenceSummaryFor } from './dashboard.ts';

/** Dashboard and licence summary (spec 1 §2 Dashboard, banner; `licencesApi`). */
export const licenceRoutes = (ctx: AppContext) =>
  areaRoutes({ tags: ['Plans and licences'], guardFor: requireMember(ctx) }, (route) => {
    route(
      licencesApi.dashboard,
      { summary: 'Dashboard numbers: seats, enrolments per app and per month, licence summary' },
      answer('Dashboard', (req) => dashboard(ctx.db, deviceScopeOf(req))),
    );

    route(
      licencesApi.summary,
      { summary: 'Seats per app family and whether enrolments exceed them (the red banner)' },
      async (req) => {
        const { licences, totals } = await licenceSummaryFor(ctx.db, deviceScopeOf(req));
        return { respones_msg: 'Licence summary', data: licences, ...totals };
      },
    );
  });
