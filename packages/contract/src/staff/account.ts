import { z } from 'zod/mini';
import {
  emailSchema,
  newPasswordSchema,
  otpSchema,
  passwordInputSchema,
  signInCaptchaSchema,
  text,
} from '../common.ts';
import { messageSchema, withData } from '../envelope.ts';
import { STAFF_AREAS, staffRoleSchema } from './areas.ts';
import { staffEndpoint, STAFF_API_BASE } from './staff-endpoint.ts';

const S = STAFF_API_BASE;

export const staffLoginRequestSchema = z.object({
  email: emailSchema,
  password: passwordInputSchema,
  captcha: signInCaptchaSchema,
});

export type StaffLoginRequest = z.input<typeof staffLoginRequestSchema>;

/** Step one's answer: `challengeId` names this login attempt (issue 12, item 3), sent back with the code. */
export const staffLoginResponseSchema = z.object({ respones_msg: z.string(), challengeId: z.optional(z.string()) });

export type StaffLoginResponse = z.infer<typeof staffLoginResponseSchema>;

export const staffVerifyOtpRequestSchema = z.object({
  otp: otpSchema,
  email: emailSchema,
  /** The login answer's `challengeId`: the staff realm requires it (DECISIONS §4). */
  challengeId: text().check(z.trim(), z.maxLength(128)),
});

export type StaffVerifyOtpRequest = z.input<typeof staffVerifyOtpRequestSchema>;

export const staffUserSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
});

export type StaffUser = z.infer<typeof staffUserSchema>;

export const staffVerifyOtpResponseSchema = z.object({
  respones_msg: z.string(),
  data: z.object({ token: z.string(), user: staffUserSchema }),
});

export type StaffVerifyOtpResponse = z.infer<typeof staffVerifyOtpResponseSchema>;

export const staffChangePasswordRequestSchema = z.object({
  old_password: passwordInputSchema,
  new_password: newPasswordSchema,
  confirm_password: text().check(z.maxLength(128)),
});

export type StaffChangePasswordRequest = z.input<typeof staffChangePasswordRequestSchema>;

/** The signed-in staff member and the areas their role opens (the back office builds its sidebar from it). */
export const staffDetailResponseSchema = withData(
  z.extend(staffUserSchema, { areas: z.array(z.enum(Object.keys(STAFF_AREAS) as [keyof typeof STAFF_AREAS])) }),
);

export type StaffDetail = z.infer<typeof staffDetailResponseSchema>['data'];

// ------------------------------------------------------------------------------------------------ session (spec 3 §7)

export const login = staffEndpoint({
  area: null,
  method: 'POST',
  path: `${S}/users/login`,
  body: staffLoginRequestSchema,
  response: staffLoginResponseSchema,
});

export const verifyOtp = staffEndpoint({
  area: null,
  method: 'POST',
  path: `${S}/users/verify/otp`,
  body: staffVerifyOtpRequestSchema,
  response: staffVerifyOtpResponseSchema,
});

export const changePassword = staffEndpoint({
  area: 'account',
  method: 'POST',
  path: `${S}/users/change-password`,
  body: staffChangePasswordRequestSchema,
  response: messageSchema,
});

export const detail = staffEndpoint({
  area: 'account',
  method: 'GET',
  path: `${S}/users/detail`,
  response: staffDetailResponseSchema,
});

export const logout = staffEndpoint({
  area: 'account',
  method: 'GET',
  path: `${S}/users/logout`,
  response: messageSchema,
});

/** The same logout for clients that send it as a POST. */
export const logoutPost = staffEndpoint({
  area: 'account',
  method: 'POST',
  path: `${S}/users/logout`,
  response: messageSchema,
});
