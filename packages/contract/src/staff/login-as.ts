import { z } from 'zod/mini';
import { emailSchema } from '../common.ts';
import { withData } from '../envelope.ts';
import { staffEndpoint, STAFF_API_BASE } from './staff-endpoint.ts';

const S = STAFF_API_BASE;

/** Login-as (DECISIONS §8): the customer to open, by email (spec 3: `customers/bypass-login {email}`). */
export const bypassLoginRequestSchema = z.object({ email: emailSchema });

export type BypassLoginRequest = z.input<typeof bypassLoginRequestSchema>;

export const bypassLoginResponseSchema = withData(
  z.object({ token: z.string(), expiresAt: z.string(), customerEmail: z.string() }),
);

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
