import { staffApi } from '@fleetdeck/contract/staff';
import type { AppContext } from '../../../context.ts';
import { staffAreaRoutes } from '../guard.ts';
import { PAGED } from '../shared/lists-routes.ts';
import * as ops from './service.ts';
import { answerList } from '../../../lib/area-routes.ts';

/** The back office's exports page (spec 3; DECISIONS §8). */
export const staffExportsRoutes = (ctx: AppContext) =>
  staffAreaRoutes(ctx, ['Back office: devices and notifications'], (route) => {
    route(
      staffApi.customerExports,
      { summary: "The customers' exports (backups of disabled apps)", description: PAGED },
      answerList('Exports', (req) => ops.exportsList(ctx, req.query)),
    );
  });
