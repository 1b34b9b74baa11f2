import { staffApi, type BloatwareApp, type StaffAuditRow, type StaffDeviceRow } from '@fleetdeck/contract/staff';
import type { AppContext } from '../../../context.ts';
import { sendCsv, type CsvColumn } from '../../../lib/csv-export.ts';
import { staffActorOf, staffAreaRoutes } from '../guard.ts';
import * as ops from './service.ts';

const DEVICE_COLUMNS: CsvColumn<StaffDeviceRow>[] = [
  { header: 'Email', value: (r) => r.userId?.email ?? '-' },
  { header: 'Serial Number', value: (r) => r.serialNumber },
  { header: 'Device Name', value: (r) => r.deviceName },
  { header: 'Version Code', value: (r) => r.appVersionCode },
  { header: 'Created On', value: (r) => r.created_at },
];
const AUDIT_COLUMNS: CsvColumn<StaffAuditRow>[] = [
  { header: 'Email', value: (r) => r.email },
  { header: 'Error Count', value: (r) => r.errorCount },
  { header: 'Deleted Device', value: (r) => r.deletedDevices },
  { header: 'Reset Count', value: (r) => r.deletedDeviceResetCount },
  { header: 'Reset Date', value: (r) => r.deletedDeviceResetDate },
];
const BLOATWARE_COLUMNS: CsvColumn<BloatwareApp>[] = [
  { header: 'Package Name', value: (r) => r.packageName },
  { header: 'Is Bloatware', value: (r) => (r.isBloatware === null ? '' : r.isBloatware ? 'Yes' : 'No') },
  { header: 'Reason', value: (r) => r.reason },
  { header: 'Created By', value: (r) => r.created_by },
  { header: 'Created On', value: (r) => r.created_at },
];

const PAGED =
  'Keyset-paged, newest first: `total` counts at most 10,000 rows (`totalCapped`); pages past them are reached with ' +
  '`nextCursor` (send it back as `cursor`).';

/** Devices, notifications, audit, Power Chat users, bloatware and exports (spec 3; DECISIONS §8). */
export const staffOpsRoutes = (ctx: AppContext) =>
  staffAreaRoutes(ctx, ['Back office: devices and notifications'], (route) => {
    route(
      staffApi.deviceList,
      {
        summary: 'Enrolled devices across customers',
        description:
          'Filters: `from_date`/`to_date` (enrolment day, UTC, both included), `email` (the owner, exact). 5 to 500 per ' +
          `page. ${PAGED} \`isExportData=true\` answers the filtered list as \`AllDevices.csv\`.`,
      },
      async (req, reply) => {
        if (req.query.isExportData) {
          return sendCsv(reply, {
            fileName: 'AllDevices.csv',
            columns: DEVICE_COLUMNS,
            rows: ops.deviceExportRows(ctx, req.query),
          });
        }
        return { respones_msg: 'Devices', ...(await ops.deviceList(ctx, req.query)) };
      },
    );

    route(
      staffApi.notificationDevices,
      {
        summary: 'Devices to choose from for a notification',
        description:
          'Filters: `email` (owner), `from_date`/`to_date` (enrolment day), `customers` (customer ids, repeated or ' +
          `comma-separated), \`fcmToken=true\` (only devices with a push token). ${PAGED}`,
      },
      async (req) => ({ respones_msg: 'Devices', ...(await ops.notificationDevices(ctx, req.query)) }),
    );
    route(
      staffApi.notificationCustomerSearch,
      { summary: 'One customer by email (to send to their devices)', description: 'Unknown email: 404.' },
      async (req) => ({ respones_msg: 'Customer found.', data: await ops.customerSearch(ctx, req.query.email) }),
    );
    route(
      staffApi.notificationPreview,
      {
        summary: 'How many devices and customers a notification would reach (the confirmation before sending)',
        description:
          'The same target as `notification/send`. Chosen devices or customers are counted exactly, up to 10,000 ' +
          'devices (`precision: atLeast` beyond). Every device (`devices` and `customers` empty) is read from the ' +
          "customers' seat summaries (`precision: estimate`), or counted up to 10,000 with `fcmToken: true`.",
      },
      async (req) => ({ respones_msg: 'Notification preview', data: await ops.preview(ctx, req.body) }),
    );
    route(
      staffApi.notificationSend,
      {
        summary: 'Send a push notification to devices',
        description:
          'Stores the notification once with its target — `devices` and/or `customers` (their enrolled devices); ' +
          'neither: every enrolled device; `fcmToken: true` keeps only devices with a push token — and queues its ' +
          'fan-out: background jobs write one delivery row per device in batches (`fannedOut` of `totalDevices` on the ' +
          'list shows progress). Devices receive it through `GET /api/v1/device/events` (woken at once, and through ' +
          'FCM when configured) until it expires (7 days), and confirm delivered/opened. Unknown ids: 404; no enrolled ' +
          'device in the target: 400.',
      },
      async (req) => ({
        respones_msg: 'Notification queued for sending.',
        data: await ops.send(ctx, staffActorOf(req), req.body),
      }),
    );
    route(
      staffApi.notificationList,
      {
        summary: 'Notifications sent, newest first',
        description: `Counts (delivered, undelivered, opened) are kept on the notification as devices confirm. ${PAGED}`,
      },
      async (req) => ({ respones_msg: 'Notifications', ...(await ops.list(ctx, req.query)) }),
    );
    route(
      staffApi.notificationDetail,
      {
        summary: "A notification's deliveries, one row per device",
        description:
          '`isDelivered` and `isOpen` (true/false) filter the rows; `notification` carries the counters. Keyset on the ' +
          'row id (`nextCursor`). Unknown id: 404.',
      },
      async (req) => ({ respones_msg: 'Notification detail', ...(await ops.detail(ctx, req.query)) }),
    );

    route(
      staffApi.auditList,
      {
        summary: 'Customers with error counts and deleted devices',
        description:
          '`deletedDevices` counts the device logouts since `deletedDeviceResetDate` (DECISIONS §8). `email` filters to ' +
          `one customer. ${PAGED} \`isExportData=true\` answers \`auditLogs.csv\`.`,
      },
      async (req, reply) => {
        if (req.query.isExportData) {
          return sendCsv(reply, {
            fileName: 'auditLogs.csv',
            columns: AUDIT_COLUMNS,
            rows: ops.auditExportRows(ctx, req.query),
          });
        }
        return { respones_msg: 'Audit logs', ...(await ops.auditList(ctx, req.query)) };
      },
    );
    route(
      staffApi.resetDeletedDeviceDate,
      {
        summary: "Reset a customer's deleted-devices count",
        description: 'Sets the reset date to now and adds one to the reset count. Unknown email: 404.',
      },
      async (req) => ({
        respones_msg: 'Deleted devices count reset.',
        data: await ops.resetDeletedDevices(ctx, staffActorOf(req), req.body.email),
      }),
    );

    route(
      staffApi.powerChatUsers,
      {
        summary: 'Power Chat users across customers',
        description:
          "`fcmID` is the user's sign-in id, `fcmData.company` the owning customer's name (or email). Filters: " +
          `\`from_date\`/\`to_date\` (created day, UTC), \`company\` (part of the customer's name or email). ${PAGED}`,
      },
      async (req) => ({ respones_msg: 'Power Chat users', ...(await ops.powerChatUsers(ctx, req.query)) }),
    );

    route(
      staffApi.bloatwareList,
      {
        summary: 'The bloatware catalogue',
        description:
          'Every package a customer disabled for the first time (`created_by`: that customer); `isBloatware` true/false ' +
          `filters Yes/No (absent: all, including packages not judged yet: null). ${PAGED} \`isExportData=true\` ` +
          'answers `BloatwareAppList.csv`.',
      },
      async (req, reply) => {
        if (req.query.isExportData) {
          return sendCsv(reply, {
            fileName: 'BloatwareAppList.csv',
            columns: BLOATWARE_COLUMNS,
            rows: ops.bloatwareExportRows(ctx, req.query.isBloatware),
          });
        }
        return { respones_msg: 'Bloatware apps', ...(await ops.bloatwareList(ctx, req.query)) };
      },
    );
    route(
      staffApi.bloatwareUpdate,
      {
        summary: 'Mark a package as bloatware (Yes) or not (No)',
        description:
          'Packages marked Yes are suggested to customers ("Suggested to disable" in the Applications tab). A package ' +
          'not in the catalogue: 404.',
      },
      async (req) => ({
        respones_msg: 'Bloatware app updated.',
        data: await ops.bloatwareUpdate(ctx, staffActorOf(req), req.body),
      }),
    );

    route(
      staffApi.customerExports,
      { summary: "The customers' exports (backups of disabled apps)", description: PAGED },
      async (req) => ({ respones_msg: 'Exports', ...(await ops.exportsList(ctx, req.query)) }),
    );
  });
