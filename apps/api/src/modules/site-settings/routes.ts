import { publicApi } from '@fleetdeck/contract';
import type { AppContext } from '../../context.ts';
import { areaRoutes } from '../../lib/area-routes.ts';
import { getSetting } from './repository.ts';

/** The website's settings anyone may read: the payment notes of `/pricing`, `/plans` and the payment page. */
export const siteSettingRoutes = (ctx: AppContext) =>
  areaRoutes({ tags: ['Public website'] }, (route) => {
    route(
      publicApi.paymentNotes,
      {
        summary: 'The payment text staff keep on the coupons page',
        description: 'Plain text (line breaks kept); empty when staff have written none.',
      },
      async (_req, reply) => {
        reply.header('cache-control', 'public, max-age=60');
        return { respones_msg: 'Payment notes', data: { value: await getSetting(ctx.db, 'paymentNotes') } };
      },
    );
  });
