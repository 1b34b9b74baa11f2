import { z } from 'zod';
import {
  text,
  countryCodeSchema,
  emailSchema,
  newPasswordSchema,
  otpSchema,
  passwordInputSchema,
  personNameSchema,
  phoneNumberSchema,
} from './common.ts';
import { messageSchema, withData } from './envelope.ts';

/** Customer identity calls, spec 1 §7 (base /api/v1/admin/users/). */

export const registerRequestSchema = z.object({
  name: personNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  /** Always empty in the spec; kept for old app builds. */
  registration_code: z.string().max(64).optional().default(''),
  country_code: countryCodeSchema.optional().default(null),
  phone_number: phoneNumberSchema.optional().default(''),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: passwordInputSchema,
  userAgent: z.string().max(512).optional(),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  respones_msg: z.string(),
  enable_two_step_email_verification: z.boolean(),
  /** Absent on the two-step branch: the token comes from verify-otp. */
  data: z.object({ token: z.string() }).optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const verifyEmailRequestSchema = z.object({
  iv: text().trim().min(1, { message: 'is required' }).max(64),
  encryptedData: text().trim().min(1, { message: 'is required' }).max(2048),
});
export type VerifyEmailRequest = z.input<typeof verifyEmailRequestSchema>;

export const verifyOtpRequestSchema = z.object({ otp: otpSchema, email: emailSchema });
export type VerifyOtpRequest = z.input<typeof verifyOtpRequestSchema>;
export const tokenResponseSchema = withData(z.object({ token: z.string() }));
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const userDetailSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  country_code: z.string().nullable(),
  stripe_customer_id: z.string().nullable(),
  stripe_plan_id: z.string().nullable(),
  subscription_expire_at: z.string().nullable(),
  isOfflineCustomer: z.boolean(),
  role: z.string(),
  loginQrCodeUrl: z.string(),
  enable_two_step_email_verification: z.boolean(),
  isResellerModeEnabled: z.boolean(),
  isResellerModeRequestApprove: z.boolean(),
  created_at: z.string(),
});
export type UserDetail = z.infer<typeof userDetailSchema>;
export const userDetailResponseSchema = withData(userDetailSchema);
export type UserDetailResponse = z.infer<typeof userDetailResponseSchema>;

export const updateUserRequestSchema = z
  .object({
    name: personNameSchema.optional(),
    phone_number: phoneNumberSchema.optional(),
    country_code: countryCodeSchema.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'Nothing to update: send name, phone_number or country_code',
  });
export type UpdateUserRequest = z.input<typeof updateUserRequestSchema>;

export const changePasswordRequestSchema = z.object({
  old_password: passwordInputSchema,
  new_password: newPasswordSchema,
  confirm_password: text().max(128),
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

export const updateSecuritySettingRequestSchema = z.object({
  enable_two_step_email_verification: z.boolean({ message: 'must be true or false' }),
});
export type UpdateSecuritySettingRequest = z.input<typeof updateSecuritySettingRequestSchema>;

export const forgetPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgetPasswordRequest = z.input<typeof forgetPasswordRequestSchema>;

/** The spec sends `encrypted_data` here (and `encryptedData` on verify/email); both are accepted. */
export const resetPasswordRequestSchema = z
  .object({
    password: newPasswordSchema,
    confirm_password: text().max(128),
    iv: text().trim().min(1, { message: 'is required' }).max(64),
    encrypted_data: z.string().trim().max(2048).optional(),
    encryptedData: z.string().trim().max(2048).optional(),
  })
  .refine((v) => Boolean(v.encrypted_data || v.encryptedData), {
    message: 'encrypted_data is required',
    path: ['encrypted_data'],
  });
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

export { messageSchema };
