import { z } from 'zod/mini';
import { isExportDataSchema, isoDateQuerySchema, staffListResponse, staffPageQuery } from './lists.ts';
import { emailFilterSchema, ownerSchema } from './shared/schemas.ts';
import { staffEndpoint, STAFF_API_BASE } from './staff-endpoint.ts';

const S = STAFF_API_BASE;

// ------------------------------------------------------------------------------------------- devices (admin list)

export const staffDeviceListQuerySchema = z.object({
  from_date: isoDateQuerySchema,
  to_date: isoDateQuerySchema,
  email: emailFilterSchema,
  ...staffPageQuery('wide'),
  isExportData: isExportDataSchema,
});

export type StaffDeviceListQuery = z.input<typeof staffDeviceListQuerySchema>;

/** Spec 3 "Device (admin list)". */
export const staffDeviceRowSchema = z.object({
  _id: z.string(),
  deviceName: z.string(),
  serialNumber: z.string(),
  appName: z.string(),
  appVersionCode: z.string(),
  userId: ownerSchema,
  created_at: z.string(),
});

export type StaffDeviceRow = z.infer<typeof staffDeviceRowSchema>;

export const staffDeviceListResponseSchema = staffListResponse(staffDeviceRowSchema);

// ------------------------------------------------------------------------- devices (DECISIONS §8 paths left out)

export const deviceList = staffEndpoint({
  area: 'devices',
  method: 'GET',
  path: `${S}/devices/list`,
  query: staffDeviceListQuerySchema,
  response: staffDeviceListResponseSchema,
});
