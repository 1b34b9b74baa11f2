import { fillPath, type Endpoint, type EndpointResponse, type ErrorResponse } from '@fleetdeck/contract';
import type { TestRuntime } from './runtime.ts';

export interface CallOptions {
  query?: Record<string, unknown>;
  params?: Record<string, string | number>;
  /** JSON body (any shape: tests send bad input on purpose). */
  body?: unknown;
  /** `authorization` header: a customer or staff token, or `Device <token>`. */
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
}

/**
 * One call of the contract's endpoint table through `app.inject`: method and path come from the endpoint, so a test
 * never spells a path. `json()` is typed with the endpoint's success answer; `error()` with the error envelope.
 */
export async function call<E extends Endpoint>(rt: Pick<TestRuntime, 'app'>, endpoint: E, opts: CallOptions = {}) {
  const query: Record<string, string> = {};
  for (const [k, v] of Object.entries(opts.query ?? {})) {
    if (v !== undefined && v !== null) query[k] = String(v);
  }
  const res = await rt.app.inject({
    method: endpoint.method,
    url: fillPath(endpoint.path, opts.params),
    query,
    ...(opts.body === undefined ? {} : { payload: opts.body as object }),
    headers: { ...(opts.token ? { authorization: opts.token } : {}), ...opts.headers },
    remoteAddress: opts.ip ?? '127.0.0.1',
  });
  return Object.assign(res, {
    /** The success answer (throws with the body when the call failed, so a test sees why). */
    data(): EndpointResponse<E> {
      if (res.statusCode >= 300)
        throw new Error(`${endpoint.method} ${endpoint.path} answered ${res.statusCode}: ${res.body}`);
      return JSON.parse(res.body) as EndpointResponse<E>;
    },
    error(): ErrorResponse {
      return JSON.parse(res.body) as ErrorResponse;
    },
  });
}
