import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Logger } from 'pino';

/** The device API: the hot path whose successful calls are not logged at info level. */
const DEVICE_API_PREFIX = '/api/v1/device/';
/** The load balancer's and orchestrator's probes: a line each, every few seconds per process, tells an operator nothing. */
const PROBES = new Set(['/healthz', '/readyz']);
/**
 * The build's hashed files (issue 24): a page load fetches 30–40 of them, so they were 80% of all log lines (6,602 of
 * 8,212) and hid the API's. Immutable and served from disk, a successful one tells an operator nothing.
 */
const STATIC_ASSETS_PREFIX = '/assets/';

/**
 * The request log: one line per request, written when the answer has been sent, with what an operator needs —
 * method, path without its query string (emailed links carry tokens there), client address, status and time in
 * ms (`responseTime`); the line's reqId identifies the request. Fastify's default is two lines (incoming and completed), each
 * serialising the request again.
 */
export class RequestLog extends LogController {
  /** @param log where request lines go (logger.ts `requestLoggerOf`: the product's logger, less its redaction). */
  constructor(private readonly log: Logger) {
    super();
  }

  override incomingRequest(): void {
    // Folded into the completed line.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    // Fixed, flat fields, none of which can carry a secret (the query string is dropped, capability URLs redacted).
    const url = request.url;
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    // The device API's successful calls are the fleet's heartbeat (thousands a second): counted by `GET /metrics`,
    // logged at debug only (issue 14); so are the health probes' and the static assets' successful answers. Their
    // failures, and every other route (the API's calls, the pages), keep their info line.
    const quiet =
      reply.statusCode < 400 &&
      (path.startsWith(DEVICE_API_PREFIX) || PROBES.has(path) || path.startsWith(STATIC_ASSETS_PREFIX));
    const level = error ? 'error' : quiet ? 'debug' : 'info';
    // Nothing more to do for a line the level drops (a broadcast answers 20,000 polls at once: the client's address
    // alone is a system call each, the redaction two regular expressions).
    if (!this.log.isLevelEnabled(level)) return;
    const line = {
      method: request.method,
      url: redactCapabilities(path),
      ip: request.ip,
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    // An error goes through the main logger: its message and stack may quote anything, so it is redacted.
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    else this.log[level]({ reqId: request.id, ...line }, 'request completed');
  }
}

/**
 * Capability URLs (issue 12, item 8): whoever has the URL has the thing, so the request log keeps only their shape.
 * The login QR image (`/api/v1/qr/login/<key>.png`: its QR carries the enrolment token) and a Power Chat user's QR
 * (`/api/v1/qr/chat/<id>/<file>`).
 */
export function redactCapabilities(path: string): string {
  return path
    .replace(/^(\/api\/v1\/qr\/login\/)[^/]+$/i, '$1[redacted]')
    .replace(/^(\/api\/v1\/qr\/chat\/)[^/]+\/[^/]+$/i, '$1[redacted]');
}
