import { z } from 'zod/mini';
import { staffListResponse, staffPageQuery } from './lists.ts';
import { ownerSchema } from './shared/schemas.ts';
import { staffEndpoint, STAFF_API_BASE } from './staff-endpoint.ts';

const S = STAFF_API_BASE;

// ---------------------------------------------------------------------------------------------- customer exports

export const customerExportListQuerySchema = z.object({ ...staffPageQuery('standard') });

export type CustomerExportListQuery = z.input<typeof customerExportListQuerySchema>;

/** Spec 3 "Export record": `disabledApplications` is the count of disabled apps the backup holds. */
export const customerExportRowSchema = z.object({
  _id: z.string(),
  exportName: z.string(),
  serialNumber: z.string(),
  disabledApplications: z.int(),
  userId: ownerSchema,
  created_at: z.string(),
});

export type CustomerExportRow = z.infer<typeof customerExportRowSchema>;

export const customerExportListResponseSchema = staffListResponse(customerExportRowSchema);

// ------------------------------------------------------------------------------------------------ customer exports

export const customerExports = staffEndpoint({
  area: 'exports',
  method: 'GET',
  path: `${S}/customers/exports/list`,
  query: customerExportListQuerySchema,
  response: customerExportListResponseSchema,
});
