import { z } from 'zod/mini';
import { blankAsAbsent, cursorSchema, keysetPaginationSchema, limitQuerySchema, pageQuerySchema } from '../activity.ts';
import { text } from '../common.ts';
import { withData } from '../envelope.ts';
import { loginBarSchema, timeZoneSchema } from './shared/schemas.ts';
import { staffEndpoint, STAFF_API_BASE } from './staff-endpoint.ts';

const S = STAFF_API_BASE;

/**
 * Admin dashboard and login history (spec 3 "Admin dashboard", DECISIONS §8 "Login counts"). Web logins are console
 * logins of customers; App logins are sign-ins from the apps (device enrolments). `hasError=false` counts successes,
 * `hasError=true` failures, absent counts both (spec 2's meaning; the old back office's swapped labels are not kept).
 */
const hasErrorSchema = blankAsAbsent(
  z.pipe(
    z.enum(['true', 'false'], { error: 'must be true or false' }),
    z.transform((v) => v === 'true'),
  ),
);

export const loginCountsQuerySchema = z.object({ hasError: hasErrorSchema, timeZone: timeZoneSchema });

export type LoginCountsQuery = z.input<typeof loginCountsQuerySchema>;

export const loginDashboardResponseSchema = withData(
  z.object({ todayAppLoginCount: z.int(), todayWebLoginCount: z.int(), date: z.string(), timeZone: z.string() }),
);

export type LoginBar = z.infer<typeof loginBarSchema>;

export const monthWiseLoginResponseSchema = withData(
  z.object({
    year: z.int(),
    timeZone: z.string(),
    monthWiseWebLoginCount: z.array(loginBarSchema),
    monthWiseAppLoginCount: z.array(loginBarSchema),
  }),
);

export const weekWiseLoginResponseSchema = withData(
  z.object({
    timeZone: z.string(),
    weekWiseWebLoginCount: z.array(loginBarSchema),
    weekWiseAppLoginCount: z.array(loginBarSchema),
  }),
);

export const LOGIN_SOURCES = ['Web', 'App'] as const;

/** `users/dashboardHistory`: the login log across customers, newest first, keyset-paged. */
export const loginHistoryQuerySchema = z.object({
  source: blankAsAbsent(z.enum(['All', ...LOGIN_SOURCES], { error: 'must be All, Web or App' })),
  type: blankAsAbsent(z.enum(['All', 'Login'], { error: 'must be All or Login' })),
  email: blankAsAbsent(text().check(z.trim(), z.maxLength(254))),
  hasError: hasErrorSchema,
  page: pageQuerySchema,
  limit: limitQuerySchema,
  cursor: cursorSchema,
});

export type LoginHistoryQuery = z.input<typeof loginHistoryQuerySchema>;

/** Spec 3 "Login history row"; `customerId` lets the Name link open the customer's console (login-as). */
export const loginHistoryRowSchema = z.object({
  _id: z.string(),
  created_by: z.nullable(z.string()),
  customerId: z.nullable(z.string()),
  source: z.enum(LOGIN_SOURCES),
  type: z.literal('Login'),
  hasError: z.boolean(),
  message: z.string(),
  created_at: z.string(),
});

export type LoginHistoryRow = z.infer<typeof loginHistoryRowSchema>;

export const loginHistoryResponseSchema = z.object({
  respones_msg: z.string(),
  data: z.array(loginHistoryRowSchema),
  pagination: keysetPaginationSchema,
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
