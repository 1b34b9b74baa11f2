import { z } from 'zod/mini';
import { emailSchema } from '../common.ts';
import { withData } from '../envelope.ts';
import { isExportDataSchema, staffListResponse, staffPageQuery } from './lists.ts';
import { emailFilterSchema } from './shared/schemas.ts';
import { staffEndpoint, STAFF_API_BASE } from './staff-endpoint.ts';

const S = STAFF_API_BASE;

// ---------------------------------------------------------------------------------------------------- audit logs

export const staffAuditListQuerySchema = z.object({
  email: emailFilterSchema,
  ...staffPageQuery('standard'),
  isExportData: isExportDataSchema,
});

export type StaffAuditListQuery = z.input<typeof staffAuditListQuerySchema>;

/** Spec 3 "Audit row" (DECISIONS §8 "Deleted devices"); `_id` is the customer's id (the login-as link). */
export const staffAuditRowSchema = z.object({
  _id: z.string(),
  email: z.string(),
  /** The customer's audit entries that record an error. */
  errorCount: z.int(),
  /** Device logouts since `deletedDeviceResetDate`. */
  deletedDevices: z.int(),
  deletedDeviceResetCount: z.int(),
  deletedDeviceResetDate: z.nullable(z.string()),
});

export type StaffAuditRow = z.infer<typeof staffAuditRowSchema>;

export const staffAuditListResponseSchema = staffListResponse(staffAuditRowSchema);

export const deletedDeviceResetRequestSchema = z.object({ email: emailSchema });

export const deletedDeviceResetResponseSchema = withData(staffAuditRowSchema);

// -------------------------------------------------------------------------------------- audit logs (spec 3 §7)

export const auditList = staffEndpoint({
  area: 'auditLogs',
  method: 'GET',
  path: `${S}/customers/audit/list`,
  query: staffAuditListQuerySchema,
  response: staffAuditListResponseSchema,
});

export const resetDeletedDeviceDate = staffEndpoint({
  area: 'auditLogs',
  method: 'POST',
  path: `${S}/customers/reset/deletedDeviceDate`,
  body: deletedDeviceResetRequestSchema,
  response: deletedDeviceResetResponseSchema,
});
