import { z } from 'zod/mini';
import { text } from '../common.ts';
import { withData } from '../envelope.ts';
import { booleanQuerySchema, isExportDataSchema, staffListResponse, staffPageQuery } from './lists.ts';
import { max, required } from './shared/schemas.ts';
import { staffEndpoint, STAFF_API_BASE } from './staff-endpoint.ts';

const S = STAFF_API_BASE;

// --------------------------------------------------------------------------------------------- bloatware catalogue

export const bloatwareListQuerySchema = z.object({
  /** `true` Yes, `false` No; absent: all (including packages not yet judged). */
  isBloatware: booleanQuerySchema,
  ...staffPageQuery('standard'),
  isExportData: isExportDataSchema,
});

export type BloatwareListQuery = z.input<typeof bloatwareListQuerySchema>;

/** Spec 3 "Bloatware app"; `isBloatware` null = not judged yet. */
export const bloatwareAppSchema = z.object({
  packageName: z.string(),
  isBloatware: z.nullable(z.boolean()),
  reason: z.string(),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type BloatwareApp = z.infer<typeof bloatwareAppSchema>;

export const bloatwareListResponseSchema = staffListResponse(bloatwareAppSchema);

const packageNameSchema = text().check(
  z.trim(),
  required,
  max(255),
  z.regex(/^[A-Za-z0-9_.]+$/, { error: 'must be an Android package name' }),
);

export const bloatwareUpdateRequestSchema = z.object({
  packageName: packageNameSchema,
  isBloatware: z.boolean({ error: 'must be true or false' }),
  reason: z._default(text().check(z.trim(), max(500)), ''),
});

export type BloatwareUpdateRequest = z.input<typeof bloatwareUpdateRequestSchema>;

export const bloatwareUpdateResponseSchema = withData(bloatwareAppSchema);

// --------------------------------------------------------------------------------------------- bloatware catalogue

export const bloatwareList = staffEndpoint({
  area: 'bloatware',
  method: 'GET',
  path: `${S}/customers/bloatware/application/list`,
  query: bloatwareListQuerySchema,
  response: bloatwareListResponseSchema,
});

/** Not named by the spec: staff mark a package Yes/No with a reason. */
export const bloatwareUpdate = staffEndpoint({
  area: 'bloatware',
  method: 'POST',
  path: `${S}/customers/bloatware/application/update`,
  body: bloatwareUpdateRequestSchema,
  response: bloatwareUpdateResponseSchema,
});
