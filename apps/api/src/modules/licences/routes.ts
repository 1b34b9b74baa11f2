import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardResponseSchema, licenceSummaryResponseSchema } from '@fleetdeck/contract';
import type { AppContext } from '../../context.ts';
import { replies } from '../../lib/route-schema.ts';
import { requireSession, sessionOf } from '../../plugins/auth.ts';
import { dashboard } from './dashboard.ts';
import { licenceSummary, summaryTotals } from './service.ts';

/** Dashboard and licence summary (spec 1 §2 Dashboard, banner). Registered without prefix: full paths. */
export const licenceRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const customer = requireSession(ctx, 'customer');
    const tags = ['Plans and licences'];

    app.get(
      '/api/v1/admin/dashboard',
      {
        preHandler: customer,
        schema: {
          tags,
          summary: 'Dashboard numbers: seats, enrolments per app and per month, licence summary',
          security: [{ token: [] }],
          response: replies(dashboardResponseSchema),
        },
      },
      async (req) => ({ respones_msg: 'Dashboard', data: await dashboard(ctx.db, sessionOf(req).subjectId) }),
    );

    app.get(
      '/api/v1/admin/licences/summary',
      {
        preHandler: customer,
        schema: {
          tags,
          summary: 'Seats per app family and whether enrolments exceed them (the red banner)',
          security: [{ token: [] }],
          response: replies(licenceSummaryResponseSchema),
        },
      },
      async (req) => {
        const licences = await licenceSummary(ctx.db, sessionOf(req).subjectId);
        return { respones_msg: 'Licence summary', data: licences, ...summaryTotals(licences) };
      },
    );
  };
