import { messageSchema } from '../envelope.ts';
import {
  bypassLoginRequestSchema,
  bypassLoginResponseSchema,
  staffAccountResponseSchema,
  staffCreateRequestSchema,
  staffListQuerySchema,
  staffListResponseSchema,
  staffUpdateRequestSchema,
} from './accounts.ts';
import {
  loginCountsQuerySchema,
  loginDashboardResponseSchema,
  loginHistoryQuerySchema,
  loginHistoryResponseSchema,
  monthWiseLoginResponseSchema,
  weekWiseLoginResponseSchema,
} from './dashboard.ts';
import { staffEndpoint } from './staff-endpoint.ts';
import {
  staffChangePasswordRequestSchema,
  staffDetailResponseSchema,
  staffLoginRequestSchema,
  staffLoginResponseSchema,
  staffVerifyOtpRequestSchema,
  staffVerifyOtpResponseSchema,
} from './session.ts';

/** Staff API base (DECISIONS §2). */
const S = '/api/v1/super-admin';

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

// ---------------------------------------------------------------------------------- login-as (DECISIONS §8)

export const bypassLogin = staffEndpoint({
  area: 'loginAs',
  method: 'POST',
  path: `${S}/customers/bypass-login`,
  body: bypassLoginRequestSchema,
  response: bypassLoginResponseSchema,
});
/** Spec 3 §7 also names `users/bypass-login`: the same call. */
export const usersBypassLogin = staffEndpoint({
  area: 'loginAs',
  method: 'POST',
  path: `${S}/users/bypass-login`,
  body: bypassLoginRequestSchema,
  response: bypassLoginResponseSchema,
});

// ---------------------------------------------------------------------------------------- admin dashboard (spec 3)

export const loginDashboard = staffEndpoint({
  area: 'dashboard',
  method: 'GET',
  path: `${S}/users/dashboard`,
  query: loginCountsQuerySchema,
  response: loginDashboardResponseSchema,
});
export const monthWiseLogin = staffEndpoint({
  area: 'dashboard',
  method: 'GET',
  path: `${S}/users/monthWiseLogin`,
  query: loginCountsQuerySchema,
  response: monthWiseLoginResponseSchema,
});
export const weekWiseLogin = staffEndpoint({
  area: 'dashboard',
  method: 'GET',
  path: `${S}/users/weekWiseLogin`,
  query: loginCountsQuerySchema,
  response: weekWiseLoginResponseSchema,
});
export const loginHistory = staffEndpoint({
  area: 'dashboard',
  method: 'GET',
  path: `${S}/users/dashboardHistory`,
  query: loginHistoryQuerySchema,
  response: loginHistoryResponseSchema,
});
export * from './endpoints-refunds.ts';
export * from './endpoints-content.ts';
export * from './endpoints-customers.ts';
export * from './endpoints-ops.ts';
export * from './endpoints-paylists.ts';
export * from './endpoints-payment-dashboard.ts';
export * from './endpoints-pricing.ts';
export * from './endpoints-currency.ts';
export * from './endpoints-apk.ts';
