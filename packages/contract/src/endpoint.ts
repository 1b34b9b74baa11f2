import type { $ZodType, input, output } from 'zod/v4/core';

/**
 * One call of the API, the single place its method, full path and schemas are written. The server registers its
 * route from it (validation and OpenAPI follow), the web calls it with `client(endpoint, …)` and the tests with
 * `call(rt, endpoint, …)`. Path parameters are written `:name` and described by `params`.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: `/${string}`;
  readonly params?: $ZodType;
  readonly query?: $ZodType;
  readonly body?: $ZodType;
  /** The success answer (2xx). Failures always answer the error envelope. */
  readonly response: $ZodType;
}

/**
 * Declares an endpoint, keeping its literal method, path and schema types. Marked free of side effects so the web
 * bundle keeps only the endpoints a page calls.
 */
/*#__NO_SIDE_EFFECTS__*/
export function endpoint<const E extends Endpoint>(e: E): E {
  return e;
}

type InputOf<S> = S extends $ZodType ? input<S> : never;
type OutputOf<S> = S extends $ZodType ? output<S> : undefined;

/** What a caller sends: the schemas' input types. */
export type EndpointQuery<E extends Endpoint> = InputOf<E['query']>;
export type EndpointParams<E extends Endpoint> = InputOf<E['params']>;
export type EndpointBody<E extends Endpoint> = InputOf<E['body']>;
/** What a caller receives. */
export type EndpointResponse<E extends Endpoint> = output<E['response']>;

/** What a handler receives, after validation: the schemas' output types. */
export type EndpointQueryOut<E extends Endpoint> = OutputOf<E['query']>;
export type EndpointParamsOut<E extends Endpoint> = OutputOf<E['params']>;
export type EndpointBodyOut<E extends Endpoint> = OutputOf<E['body']>;
/** What a handler returns (the serializer checks it). */
export type EndpointReply<E extends Endpoint> = input<E['response']>;

/** `/a/:id/b` with `{ id: 'x' }` → `/a/x/b` (each value URI-encoded). */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  if (!params) return path;
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
