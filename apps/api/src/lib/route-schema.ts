import { errorResponseSchema } from '@fleetdeck/contract';
import type { z } from 'zod';

/** Response map of a route: its success schema plus the shared error envelope, for validation and the OpenAPI. */
export const replies = <T extends z.ZodType>(success: T, status: 200 | 201 = 200) =>
  ({ [status]: success, '4xx': errorResponseSchema, '5xx': errorResponseSchema }) as {
    200: T;
    '4xx': typeof errorResponseSchema;
    '5xx': typeof errorResponseSchema;
  };
