import { z } from 'zod/mini';
import { limitQuerySchema, listPaginationSchema, pageQuerySchema } from '../activity.ts';
import { emailSchema, idOf, newPasswordSchema, personNameSchema, text } from '../common.ts';
import { withData } from '../envelope.ts';
import { staffRoleSchema } from './areas.ts';
import { staffEndpoint, STAFF_API_BASE } from './staff-endpoint.ts';

const S = STAFF_API_BASE;

/** A staff account as SuperAdmin's staff page lists it (DECISIONS §8). */
export const staffAccountSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  disabled: z.boolean(),
  created_at: z.string(),
});

export type StaffAccount = z.infer<typeof staffAccountSchema>;

export const staffListQuerySchema = z.object({
  page: pageQuerySchema,
  limit: limitQuerySchema,
  email: z.optional(text().check(z.trim(), z.maxLength(254))),
});

export type StaffListQuery = z.input<typeof staffListQuerySchema>;

export const staffListResponseSchema = z.object({
  respones_msg: z.string(),
  data: z.array(staffAccountSchema),
  pagination: listPaginationSchema,
});

export const staffCreateRequestSchema = z.object({
  name: personNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  role: staffRoleSchema,
});

export type StaffCreateRequest = z.input<typeof staffCreateRequestSchema>;

export const staffUpdateRequestSchema = z.object({
  id: idOf('staff'),
  name: z.optional(personNameSchema),
  role: z.optional(staffRoleSchema),
  password: z.optional(newPasswordSchema),
  disabled: z.optional(z.boolean({ error: 'must be true or false' })),
});

export type StaffUpdateRequest = z.input<typeof staffUpdateRequestSchema>;

export const staffAccountResponseSchema = withData(staffAccountSchema);

// ------------------------------------------------------------------------------------ staff accounts (DECISIONS §8)

export const staffList = staffEndpoint({
  area: 'staff',
  method: 'GET',
  path: `${S}/users/list`,
  query: staffListQuerySchema,
  response: staffListResponseSchema,
});

export const staffCreate = staffEndpoint({
  area: 'staff',
  method: 'POST',
  path: `${S}/users/create`,
  body: staffCreateRequestSchema,
  response: staffAccountResponseSchema,
});

export const staffUpdate = staffEndpoint({
  area: 'staff',
  method: 'POST',
  path: `${S}/users/update`,
  body: staffUpdateRequestSchema,
  response: staffAccountResponseSchema,
});
