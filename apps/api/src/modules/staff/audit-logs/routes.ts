import { type StaffAuditRow, staffApi } from '@fleetdeck/contract/staff';
import type { AppContext } from '../../../context.ts';
import type { CsvColumn } from '../../../lib/csv-export.ts';
import { staffActorOf, staffAreaRoutes } from '../guard.ts';
import { PAGED, listOrCsv } from '../shared/lists-routes.ts';
import * as ops from './service.ts';
import { answer } from '../../../lib/area-routes.ts';

const AUDIT_COLUMNS: CsvColumn<StaffAuditRow>[] = [
  { header: 'Email', value: (r) => r.email },
  { header: 'Error Count', value: (r) => r.errorCount },
  { header: 'Deleted Device', value: (r) => r.deletedDevices },
  { header: 'Reset Count', value: (r) => r.deletedDeviceResetCount },
  { header: 'Reset Date', value: (r) => r.deletedDeviceResetDate },
];

/** The back office's audit logs page (spec 3; DECISIONS §8). */
export const staffAuditLogsRoutes = (ctx: AppContext) =>
  staffAreaRoutes(ctx, ['Back office: devices and notifications'], (route) => {
    route(
      staffApi.auditList,
      {
        summary: 'Customers with error counts and deleted devices',
        description:
          '`deletedDevices` counts the device logouts since `deletedDeviceResetDate` (DECISIONS §8). `email` filters to ' +
          `one customer. ${PAGED} \`isExportData=true\` answers \`auditLogs.csv\`.`,
      },
      listOrCsv(
        'Audit logs',
        (req) => ops.auditList(ctx, req.query),
        (req) => ({
          fileName: 'auditLogs.csv',
          columns: AUDIT_COLUMNS,
          rows: ops.auditExportRows(ctx, req.query),
        }),
      ),
    );

    route(
      staffApi.resetDeletedDeviceDate,
      {
        summary: "Reset a customer's deleted-devices count",
        description: 'Sets the reset date to now and adds one to the reset count. Unknown email: 404.',
      },
      answer('Deleted devices count reset.', (req) => ops.resetDeletedDevices(ctx, staffActorOf(req), req.body.email)),
    );
  });
