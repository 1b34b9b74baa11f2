import { LIST_COUNT_CAP, activityApi } from '@fleetdeck/contract';
import type { AppContext } from '../../context.ts';
import { answer, areaRoutes } from '../../lib/area-routes.ts';
import { fromQueryOrBody } from '../../lib/query-or-body.ts';
import { customerActorOf, deviceScopeOf, mayReadBilling, requireMember, sessionOf } from '../../plugins/auth.ts';
import * as activity from './service.ts';

const KEYSET_PAGING =
  `Pages of 5, 10, 25 (default) or 50 rows. \`data.pagination.total\` counts at most ${LIST_COUNT_CAP} rows ` +
  `(\`totalCapped: true\` when there are more: show "${LIST_COUNT_CAP.toLocaleString('en-US')}+"). For the next page ` +
  'send `cursor` = `nextCursor` of this one with the same filters, sort and limit (and `page` + 1 for the "Showing X ' +
  `to Y" text); without a cursor \`page\` is answered by position, within the first ${LIST_COUNT_CAP} rows only.`;

/**
 * Device logs, audit log and exports of the customer console (spec 2 §7, `activityApi`). Every call needs the
 * customer session and sees only that customer's rows (others' ids answer 404).
 */
export const activityRoutes = (ctx: AppContext) =>
  areaRoutes({ tags: ['Customer devices'], guardFor: requireMember(ctx) }, (route) => {
    route(
      activityApi.deviceLogList,
      {
        summary: "The device logs of the customer's devices",
        description:
          'Activity rows the devices and the console wrote (enrolment, apply results, what the apps report), in ' +
          '`data.data`. `serialNumber` narrows to one device (exact serial number). Sort by `created_at` (default, ' +
          `newest first) or \`serialNumber\`; \`order\` asc or desc. ${KEYSET_PAGING}`,
      },
      answer('Device logs', (req) => activity.deviceLogList(ctx, deviceScopeOf(req), req.query)),
    );

    route(
      activityApi.auditList,
      {
        summary: 'The audit log of the customer account',
        description:
          'Every action of the account and event of its devices, newest first (`order=asc` for oldest first), in ' +
          '`data.data`. Filters: `type` (User Account, Profile, Payments, Device), `sub_type` (needs `type`; one of ' +
          "that type's sub-types), `source` (Web, App), `hasError` (true = Status Error, false = Success). The " +
          'Payments rows are listed only to callers who may read billing (an Owner; an API key with `billing:read`). ' +
          'A member limited to some groups gets the Device and Profile rows about their groups and those groups’ ' +
          'devices, and their own. ' +
          KEYSET_PAGING,
        tags: ['Customer account'],
      },
      answer('Audit logs', (req) =>
        activity.auditList(ctx, sessionOf(req).subjectId, req.query, mayReadBilling(req), {
          devices: deviceScopeOf(req),
          memberId: sessionOf(req).member?.id ?? null,
        }),
      ),
    );

    route(
      activityApi.exportList,
      {
        summary: 'The exports (backups of disabled apps) the devices uploaded',
        description: 'Newest first; page size 5, 10, 25 (default) or 50.',
      },
      async (req) => {
        const q = req.query;
        const { data, total } = await activity.exportList(ctx, deviceScopeOf(req), q);
        return { respones_msg: 'Export list', data, pagination: { page: q.page, limit: q.limit, total } };
      },
    );

    route(
      activityApi.exportDetail,
      {
        summary: 'One export with the name and icon of each disabled app',
        description: "Unknown id, or another customer's: 404.",
      },
      answer('Export detail', (req) => activity.exportDetail(ctx, deviceScopeOf(req), req.query.id)),
    );

    route(
      activityApi.exportDelete,
      {
        summary: 'Delete an export',
        description: '`id` in the query string or in a JSON body. Unknown id, or another customer’s: 404.',
      },
      async (req) => {
        const { id } = fromQueryOrBody(req.query, req.body, ['id']);
        const data = await activity.deleteExport(ctx, customerActorOf(req), id);
        return { respones_msg: 'Export deleted successfully.', data };
      },
    );

    route(
      activityApi.exportApplicationDelete,
      {
        summary: 'Remove one app from the disabled apps of an export',
        description:
          '`id` (export) and `app` (package name as listed in `disabledApplications`) in the query string or in ' +
          'a JSON body. Answers the export as it is now. Unknown export or an app not in it: 404.',
      },
      async (req) => {
        const { id, app } = fromQueryOrBody(req.query, req.body, ['id', 'app']);
        const data = await activity.deleteExportApplication(ctx, customerActorOf(req), { exportId: id, app });
        return { respones_msg: 'Application removed from the export.', data };
      },
    );

    route(
      activityApi.restoreDisabledApps,
      {
        summary: "Restore an export's disabled apps onto a profile",
        description:
          `Marks every package of export \`restoreId\` to be disabled on the device of profile \`profileId\`, a ` +
          `${ctx.config.productName} profile (PD, PDOT, PDOW, PDOWOT) of the same customer. Packages the device has ` +
          'not reported are listed on it as Uninstalled until its next inventory. Nothing reaches the device until ' +
          'Apply is pressed on the profile. 404 for an unknown export or profile (or another customer’s), 400 for a ' +
          'profile of another app, 409 for a logged-out device, 402 with `redirectToPaymentPage: 1` while the ' +
          "family's licences are exceeded.",
      },
      async (req) => {
        const data = await activity.restoreDisabledApps(ctx, customerActorOf(req), req.body);
        return {
          respones_msg:
            data.restored === 0
              ? 'This export has no disabled applications to restore.'
              : `${data.restored} application(s) will be disabled on this device. Press Apply on the profile to send them to the device.`,
          data,
        };
      },
    );
  });
