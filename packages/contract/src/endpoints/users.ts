import { endpoint } from '../endpoint.ts';
import { messageSchema } from '../envelope.ts';
import {
  changePasswordRequestSchema,
  enrolmentTokenRotateResponseSchema,
  forgetPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  tokenResponseSchema,
  updateSecuritySettingRequestSchema,
  updateUserRequestSchema,
  userDetailResponseSchema,
  verifyEmailRequestSchema,
  verifyOtpRequestSchema,
} from '../users.ts';

/** Customer identity, spec 1 §7. */
const U = '/api/v1/admin/users';

export const register = endpoint({
  method: 'POST',
  path: `${U}/register`,
  body: registerRequestSchema,
  response: messageSchema,
});
export const verifyEmail = endpoint({
  method: 'POST',
  path: `${U}/verify/email`,
  body: verifyEmailRequestSchema,
  response: messageSchema,
});
export const login = endpoint({
  method: 'POST',
  path: `${U}/login`,
  body: loginRequestSchema,
  response: loginResponseSchema,
});
export const verifyOtp = endpoint({
  method: 'POST',
  path: `${U}/verify-otp`,
  body: verifyOtpRequestSchema,
  response: tokenResponseSchema,
});
export const sendForgetPasswordLink = endpoint({
  method: 'POST',
  path: `${U}/send-forget-password-link`,
  body: forgetPasswordRequestSchema,
  response: messageSchema,
});
export const resetPassword = endpoint({
  method: 'POST',
  path: `${U}/reset-password`,
  body: resetPasswordRequestSchema,
  response: messageSchema,
});
export const logout = endpoint({ method: 'GET', path: `${U}/logout`, response: messageSchema });
export const detail = endpoint({ method: 'GET', path: `${U}/detail`, response: userDetailResponseSchema });
export const update = endpoint({
  method: 'POST',
  path: `${U}/update`,
  body: updateUserRequestSchema,
  response: userDetailResponseSchema,
});
export const changePassword = endpoint({
  method: 'POST',
  path: `${U}/change-password`,
  body: changePasswordRequestSchema,
  response: messageSchema,
});
export const updateSecuritySetting = endpoint({
  method: 'POST',
  path: `${U}/update-security-setting`,
  body: updateSecuritySettingRequestSchema,
  response: messageSchema,
});
export const rotateEnrolmentToken = endpoint({
  method: 'POST',
  path: `${U}/enrolment-token/rotate`,
  response: enrolmentTokenRotateResponseSchema,
});
