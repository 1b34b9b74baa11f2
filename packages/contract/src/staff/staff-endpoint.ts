import type { Endpoint } from '../endpoint.ts';
import type { StaffArea } from './areas.ts';

/** A back-office call: an endpoint plus the area whose roles may use it (`null`: before sign-in). */
export interface StaffEndpoint extends Endpoint {
  readonly area: StaffArea | null;
}

/** Declares a back-office endpoint (free of side effects, like `endpoint`). */
/*#__NO_SIDE_EFFECTS__*/
export function staffEndpoint<const E extends StaffEndpoint>(e: E): E {
  return e;
}

/** Staff API base (DECISIONS §2). */
export const STAFF_API_BASE = '/api/v1/super-admin';
