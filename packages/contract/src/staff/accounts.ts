import { z } from 'zod/mini';
import { limitQuerySchema, listPaginationSchema, pageQuerySchema } from '../activity.ts';
import { emailSchema, newPasswordSchema, personNameSchema, text } from '../common.ts';
import { withData } from '../envelope.ts';
import { staffRoleSchema } from './areas.ts';

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
  id: z.uuid({ error: 'must be a staff id' }),
  name: z.optional(personNameSchema),
  role: z.optional(staffRoleSchema),
  password: z.optional(newPasswordSchema),
  disabled: z.optional(z.boolean({ error: 'must be true or false' })),
});
export type StaffUpdateRequest = z.input<typeof staffUpdateRequestSchema>;

export const staffAccountResponseSchema = withData(staffAccountSchema);

/** Login-as (DECISIONS §8): the customer to open, by email (spec 3: `customers/bypass-login {email}`). */
export const bypassLoginRequestSchema = z.object({ email: emailSchema });
export type BypassLoginRequest = z.input<typeof bypassLoginRequestSchema>;
export const bypassLoginResponseSchema = withData(
  z.object({ token: z.string(), expiresAt: z.string(), customerEmail: z.string() }),
);
