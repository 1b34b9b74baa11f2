import { fleetApi } from '@fleetdeck/contract';
import type { AppContext } from '../../context.ts';
import { answer, areaRoutes } from '../../lib/area-routes.ts';
import { customerActorOf, deviceScopeOf, requireMember } from '../../plugins/auth.ts';
import * as bulk from './bulk-actions-service.ts';

/** Bulk actions of the customer console (DECISIONS §10, `fleetApi.bulkAction*`) under /api/v1/admin/bulk-actions. */
export const bulkActionRoutes = (ctx: AppContext) =>
  areaRoutes({ tags: ['Bulk actions'], guardFor: requireMember(ctx) }, (route) => {
    route(
      fleetApi.bulkActionCreate,
      {
        summary: 'Move devices to a group, or log them out, as a background job',
        description:
          '`profileIds` (up to 1,000) or a whole group (`groupId`). `move-to-group` needs `targetGroupId` (a device ' +
          "is in at most one group: it moves; it gets the group's template). `logout` frees each device's licence. " +
          'Answers the action with its counters; follow it with `GET bulk-actions/:id`. A device or group of another ' +
          'customer answers 404.',
      },
      answer('Bulk action queued.', (req) => bulk.createBulkAction(ctx, customerActorOf(req), req.body)),
    );
    route(
      fleetApi.bulkActionDetail,
      { summary: "A bulk action's progress and a page of its per-device results", description: 'Filter: `state`.' },
      answer('Bulk action', (req) => bulk.bulkActionDetail(ctx, deviceScopeOf(req), req.params.id, req.query)),
    );
  });
