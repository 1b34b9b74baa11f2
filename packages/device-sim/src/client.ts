import { ERROR_CODES, type ErrorCode } from '@fleetdeck/contract';

/** A thin HTTP client for the device API on Node's fetch, with errors that say what went wrong. */

/**
 * Human sentences for the error codes the device API sends: its guard (device token), enrolment, the policy calls and
 * the envelope every route shares (validation, body size, rate limit).
 */
const FRIENDLY: Partial<Record<ErrorCode, string>> = {
  E_ENROLMENT_TOKEN_INVALID: 'enrolment token rejected (scan the current login QR code)',
  E_DEVICE_TOKEN_INVALID: 'device token rejected (enrol again)',
  E_DEVICE_LOGGED_OUT: 'device logged out from the console (enrol again)',
  E_NO_LICENCE: 'no free licence',
  E_ACCOUNT_DISABLED: 'customer account disabled',
  E_PROFILE_NOT_FOUND: 'profile not found',
  E_CONFLICT: 'policy version unknown (fetch the policy again)',
  E_NOT_FOUND: 'not found',
  E_VALIDATION: 'request rejected by validation',
  E_MALFORMED_JSON: 'malformed JSON body',
  E_UNSUPPORTED_MEDIA_TYPE: 'unsupported content type',
  E_PAYLOAD_TOO_LARGE: 'payload too large',
  E_RATE_LIMITED: 'rate limited',
  E_UNAVAILABLE: 'server unavailable',
};

const isErrorCode = (code: string): code is ErrorCode => (ERROR_CODES as readonly string[]).includes(code);

export class DeviceApiError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly code: string | undefined,
    readonly serverMessage: string | undefined,
  ) {
    super(describeError(method, path, status, code, serverMessage));
    this.name = 'DeviceApiError';
  }
}

export function describeError(
  method: string,
  path: string,
  status: number,
  code: string | undefined,
  serverMessage: string | undefined,
): string {
  const what =
    (code && isErrorCode(code) ? FRIENDLY[code] : undefined) ??
    (status === 404 ? 'route not found (is the device API deployed?)' : null);
  const parts = [`${method} ${path} → ${status}`];
  if (code) parts.push(code);
  const head = parts.join(' ');
  // The friendly sentence, then the server's own words unless they say the same.
  const detail = [what, serverMessage === what ? null : serverMessage].filter((s): s is string => !!s);
  return detail.length ? `${head}: ${detail.join(' — ')}` : head;
}

/** A one-line reason for any failure: API errors by their code, network errors by their cause. */
export function errorText(err: unknown): string {
  if (err instanceof DeviceApiError) return err.message;
  if (err instanceof Error) {
    const cause = (err as Error & { cause?: { code?: string; message?: string } }).cause;
    if (cause?.code === 'ECONNREFUSED')
      return `cannot connect to the server (${cause.message ?? 'connection refused'})`;
    if (cause?.message) return `${err.message}: ${cause.message}`;
    return err.message;
  }
  return String(err);
}

export interface RequestRecord {
  method: string;
  path: string;
  status: number;
  ms: number;
}

export interface HttpOptions {
  baseUrl: string;
  fetch?: typeof fetch;
  /** Called after every request (for counters and latency statistics). */
  onRequest?: (r: RequestRecord) => void;
}

export interface HttpResult<T> {
  status: number;
  headers: Headers;
  body: T | null;
}

export class DeviceHttp {
  private readonly base: string;
  private readonly doFetch: typeof fetch;
  constructor(private readonly opts: HttpOptions) {
    this.base = opts.baseUrl.replace(/\/+$/, '');
    this.doFetch = opts.fetch ?? fetch;
  }

  /** Sends one request; 2xx and 304 resolve, anything else throws a DeviceApiError. */
  async request<T>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    init: { body?: unknown; headers?: Record<string, string>; signal?: AbortSignal } = {},
  ): Promise<HttpResult<T>> {
    const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const started = performance.now();
    const res = await this.doFetch(`${this.base}${path}`, {
      method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
    const text = res.status === 304 ? '' : await res.text();
    this.opts.onRequest?.({ method, path, status: res.status, ms: performance.now() - started });
    let body: unknown = null;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = null;
      }
    }
    if (res.ok || res.status === 304) return { status: res.status, headers: res.headers, body: body as T | null };
    const err = (body ?? {}) as { code?: unknown; respones_msg?: unknown };
    throw new DeviceApiError(
      method,
      path,
      res.status,
      typeof err.code === 'string' ? err.code : undefined,
      typeof err.respones_msg === 'string' ? err.respones_msg : text.slice(0, 200) || undefined,
    );
  }
}

/**
 * The group a group's enrolment QR text names (`<PUBLIC_URL>/enrol?token=…&group=<groupId>`, DECISIONS §10), or
 * undefined for the login QR code and a bare token.
 */
export function groupFromQr(qr: string): string | undefined {
  const text = qr.trim();
  if (!/^https?:\/\//i.test(text)) return undefined;
  try {
    return new URL(text).searchParams.get('group') || undefined;
  } catch {
    return undefined;
  }
}

/** The enrolment token inside a login QR text (`<PUBLIC_URL>/enrol?token=…`), or the text itself if it is a bare token. */
export function tokenFromQr(qr: string): string {
  const text = qr.trim();
  if (/^https?:\/\//i.test(text)) {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new Error(`not a valid QR URL: ${text}`);
    }
    const token = url.searchParams.get('token');
    if (!token) throw new Error(`the QR URL has no token parameter: ${text}`);
    return token;
  }
  if (text === '') throw new Error('the QR text is empty');
  return text;
}
