import { z } from 'zod/mini';
import { endpoint } from '../endpoint.ts';
import { appConfigResponseSchema } from '../users.ts';

/** Operations: liveness, readiness and the public settings the web app reads before sign-in. */
const healthStatusSchema = z.object({ status: z.string(), detail: z.optional(z.string()) });

export const healthz = endpoint({ method: 'GET', path: '/healthz', response: healthStatusSchema });
/** 200 `ready`, or 503 `migrating` / `unavailable`. */
export const readyz = endpoint({ method: 'GET', path: '/readyz', response: healthStatusSchema });
export const config = endpoint({ method: 'GET', path: '/api/v1/config', response: appConfigResponseSchema });
