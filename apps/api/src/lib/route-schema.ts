import { errorResponseSchema } from '@fleetdeck/contract';
import type { $ZodType } from 'zod/v4/core';

/** Response map of a route: its success schema plus the shared error envelope, for validation and the OpenAPI. */
export const replies = <T extends $ZodType>(success: T) => ({
  200: success,
  '4xx': errorResponseSchema,
  '5xx': errorResponseSchema,
});
