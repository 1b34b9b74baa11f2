import {
  errorAnswerSchema,
  fillPath,
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
  type ErrorCode,
  type ErrorResponse,
} from '@fleetdeck/contract';
import type { z } from 'zod/mini';
import { customerSession, type SessionStore } from './auth-storage';
import { browser } from './navigation';

export const NETWORK_ERROR_MESSAGE = 'We could not reach the server. Check your internet connection and try again.';
export const UNEXPECTED_ANSWER_MESSAGE = 'The server sent an answer we could not read. Please try again in a moment.';

/** A failed call: HTTP status, the server's stable `code`, its `respones_msg` and the flags that steer the UI. */
export class ApiError extends Error {
  readonly status: number;
  /** The contract's error code (`ERROR_CODES`); absent when the answer was not a contract error. */
  readonly code: ErrorCode | undefined;
  readonly isLogout: boolean;
  readonly userExist: boolean;
  readonly redirectToPaymentPage: boolean;
  readonly body: ErrorResponse | undefined;

  constructor(status: number, message: string, body?: ErrorResponse) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.code = body?.code;
    this.isLogout = body?.is_logout === 1;
    this.userExist = body?.userExist === 1;
    this.redirectToPaymentPage = body?.redirectToPaymentPage === 1;
  }
}

/** The message to show for any error thrown by a call. */
export const errorMessage = (error: unknown): string => {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return UNEXPECTED_ANSWER_MESSAGE;
};

/**
 * What happens after the server said the session is over (`is_logout: 1`).
 * The token is already gone when this runs. The app replaces it with a router
 * navigation; the default is a full page load.
 */
let session: SessionStore = customerSession;

/** Which realm's token this app sends (the back office's entry sets the staff store; the portal keeps the default). */
export const setApiSession = (store: SessionStore): void => {
  session = store;
};

let sessionEndedHandler: () => void = () => {
  if (window.location.pathname !== session.loginPath) browser.assign(session.loginPath);
};

export const setSessionEndedHandler = (handler: () => void): (() => void) => {
  const previous = sessionEndedHandler;
  sessionEndedHandler = handler;
  return () => {
    sessionEndedHandler = previous;
  };
};

/**
 * Where a failure with `redirectToPaymentPage: 1` sends the customer (spec 2 §8), called by the query client's error
 * hooks with the page to show. The app replaces it with a router navigation; the default is a full page load.
 */
let paymentRequiredHandler: (href: string | undefined) => void = (href) => {
  if (href) browser.assign(href);
};

/** `href` is undefined when the call names no page: the handler then goes to its app's default payment page. */
export const setPaymentRequiredHandler = (handler: (href: string | undefined) => void): (() => void) => {
  const previous = paymentRequiredHandler;
  paymentRequiredHandler = handler;
  return () => {
    paymentRequiredHandler = previous;
  };
};

export const goToPaymentPage = (href: string | undefined) => paymentRequiredHandler(href);

export type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions<S extends z.ZodMiniType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Zod schema of the success answer: the answer is parsed with it. */
  schema: S;
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /** Extra request headers (e.g. `Idempotency-Key` on checkout calls). */
  headers?: Record<string, string>;
}

export const buildUrl = (path: string, query?: Query): string => {
  const url = path.startsWith('/') ? path : `/${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
};

export const readJson = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/** The `ApiError` of a failed answer; an `is_logout` answer also ends the session here. */
export function failureOf(response: Response, json: unknown): ApiError {
  const parsed = errorAnswerSchema.safeParse(json);
  const errorBody: ErrorResponse | undefined = parsed.success
    ? // A code this page does not know stays as text: the UI only compares it with known codes.
      (parsed.data as ErrorResponse)
    : typeof (json as { respones_msg?: unknown } | undefined)?.respones_msg === 'string'
      ? { respones_msg: (json as { respones_msg: string }).respones_msg }
      : undefined;
  const message =
    errorBody?.respones_msg ||
    (response.status >= 500
      ? `The server had a problem (${response.status}). Please try again in a moment.`
      : `The request failed (${response.status}).`);
  const error = new ApiError(response.status, message, errorBody);
  if (error.isLogout) {
    session.clear();
    sessionEndedHandler();
  }
  return error;
}

/** The headers of a call in this app's realm: its token as `authorization`, when signed in. */
export const authHeaders = (extra?: Record<string, string>): Record<string, string> => {
  const token = session.get();
  return token ? { ...extra, authorization: token } : { ...extra };
};

/** Calls the API at a relative `/api/...` path and returns the parsed success answer. */
async function apiRequest<S extends z.ZodMiniType>(
  path: string,
  { method = 'GET', schema, body, query, signal, headers: extraHeaders }: RequestOptions<S>,
): Promise<z.infer<S>> {
  const headers = authHeaders({ accept: 'application/json', ...extraHeaders });
  // A FormData body (the back office's blog form with its picture) goes as multipart; the browser sets the boundary.
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }

  const json = await readJson(response);

  if (!response.ok) throw failureOf(response, json);

  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    console.error(`Unexpected answer from ${method} ${path}`, parsed.error);
    throw new ApiError(response.status, UNEXPECTED_ANSWER_MESSAGE);
  }
  return parsed.data;
}

/**
 * The query and body parts: each one the endpoint declares. An endpoint that declares both (the DELETE calls the
 * server accepts either way) takes one of them.
 */
type QueryAndBody<E extends Endpoint> = E extends { query: object; body: object }
  ? { query: EndpointQuery<E>; body?: never } | { body: EndpointBody<E>; query?: never }
  : (E extends { query: object } ? { query: EndpointQuery<E> } : { query?: never }) &
      (E extends { body: object } ? { body: EndpointBody<E> } : { body?: never });

/** What `client` sends: only the parts the endpoint declares, typed by its schemas. */
export type ClientOptions<E extends Endpoint> = QueryAndBody<E> &
  (E extends { params: object } ? { params: EndpointParams<E> } : { params?: never }) & {
    signal?: AbortSignal;
    /** Extra request headers (e.g. `Idempotency-Key` on checkout calls). */
    headers?: Record<string, string>;
  };

/**
 * Calls one endpoint of the contract's table: method and path come from it, the answer is parsed with its response
 * schema. `client(usersApi.login, { body })`.
 */
export function client<E extends Endpoint>(
  endpoint: E,
  ...[options]: E extends { query: object } | { body: object } | { params: object }
    ? [options: ClientOptions<E>]
    : [options?: ClientOptions<E>]
): Promise<EndpointResponse<E>> {
  const opts = (options ?? {}) as {
    query?: Query;
    body?: unknown;
    params?: Record<string, string | number>;
    signal?: AbortSignal;
    headers?: Record<string, string>;
  };
  return apiRequest(fillPath(endpoint.path, opts.params), {
    method: endpoint.method,
    schema: endpoint.response as unknown as z.ZodMiniType<EndpointResponse<E>>,
    body: opts.body,
    query: opts.query,
    signal: opts.signal,
    headers: opts.headers,
  }) as Promise<EndpointResponse<E>>;
}
