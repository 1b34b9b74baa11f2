import { type StaffDeviceRow, staffApi } from '@fleetdeck/contract/staff';
import type { AppContext } from '../../../context.ts';
import type { CsvColumn } from '../../../lib/csv-export.ts';
import { staffAreaRoutes } from '../guard.ts';
import { PAGED, listOrCsv } from '../shared/lists-routes.ts';
import * as ops from './service.ts';

const DEVICE_COLUMNS: CsvColumn<StaffDeviceRow>[] = [
  { header: 'Email', value: (r) => r.userId?.email ?? '-' },
  { header: 'Serial Number', value: (r) => r.serialNumber },
  { header: 'Device Name', value: (r) => r.deviceName },
  { header: 'Version Code', value: (r) => r.appVersionCode },
  { header: 'Created On', value: (r) => r.created_at },
];

/** The back office's devices page (spec 3; DECISIONS §8). */
export const staffDevicesRoutes = (ctx: AppContext) =>
  staffAreaRoutes(ctx, ['Back office: devices and notifications'], (route) => {
    route(
      staffApi.deviceList,
      {
        summary: 'Enrolled devices across customers',
        description:
          'Filters: `from_date`/`to_date` (enrolment day, UTC, both included), `email` (the owner, exact). 5 to 500 per ' +
          `page. ${PAGED} \`isExportData=true\` answers the filtered list as \`AllDevices.csv\`.`,
      },
      listOrCsv(
        'Devices',
        (req) => ops.deviceList(ctx, req.query),
        (req) => ({
          fileName: 'AllDevices.csv',
          columns: DEVICE_COLUMNS,
          rows: ops.deviceExportRows(ctx, req.query),
        }),
      ),
    );
  });
