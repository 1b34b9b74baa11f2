import { z } from 'zod/mini';
import { emailSchema, otpSchema, passwordInputSchema } from '../common.ts';

/** Staff roles (spec 3 §6). SuperAdmin sees everything; the others a subset. */
export const STAFF_ROLES = ['SuperAdmin', 'Admin', 'Support', 'Content'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRoleSchema>;

export const staffLoginRequestSchema = z.object({ email: emailSchema, password: passwordInputSchema });
export type StaffLoginRequest = z.input<typeof staffLoginRequestSchema>;

export const staffVerifyOtpRequestSchema = z.object({ otp: otpSchema, email: emailSchema });
export const staffVerifyOtpResponseSchema = z.object({
  respones_msg: z.string(),
  data: z.object({
    token: z.string(),
    user: z.object({ _id: z.string(), email: z.string(), role: staffRoleSchema }),
  }),
});
export type StaffVerifyOtpResponse = z.infer<typeof staffVerifyOtpResponseSchema>;
