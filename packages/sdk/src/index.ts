import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, operations, paths } from './schema.d.ts';

/**
 * `@fleetdeck/sdk`: a typed client of the Fleetdeck API. Paths, parameters, bodies and answers are the types
 * openapi-typescript generated from the OpenAPI document (`schema.d.ts`, from `openapi.json`: `npm run sdk:generate`).
 */
export type { components, operations, paths };
/** The error envelope every failure answers (`respones_msg`, a stable `code`, …). */
export type FleetdeckError = components['schemas']['Error'];
export type FleetdeckClient = Client<paths>;

export interface FleetdeckClientOptions extends Omit<ClientOptions, 'baseUrl' | 'headers'> {
  /** The installation's address (its PUBLIC_URL), e.g. `https://fleet.example.com`. */
  baseUrl: string;
  /** An API key (`fdk_…`, `POST /api/v1/admin/api-keys`); sent as `authorization: Bearer <key>`. */
  apiKey: string;
  /** Headers sent with every call besides the authorization. */
  headers?: Record<string, string>;
}

/** A client whose calls carry the API key: `client.GET('/api/v1/admin/profile/list', { params: { query: { … } } })`. */
export function createFleetdeckClient({
  baseUrl,
  apiKey,
  headers,
  ...options
}: FleetdeckClientOptions): FleetdeckClient {
  return createClient<paths>({
    ...options,
    baseUrl: baseUrl.replace(/\/+$/, ''),
    headers: { ...headers, authorization: `Bearer ${apiKey}` },
  });
}
