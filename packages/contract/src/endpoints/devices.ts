import { endpoint } from '../endpoint.ts';
import { enrolRequestSchema, enrolResponseSchema } from '../device.ts';

/** The device API (DECISIONS §6), under /api/v1/device: what the Android apps call. */
const D = '/api/v1/device';

export const enrol = endpoint({
  method: 'POST',
  path: `${D}/enrol`,
  body: enrolRequestSchema,
  response: enrolResponseSchema,
});
