import crypto from 'node:crypto';
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorResponse } from '@fleetdeck/contract';
import { AppError } from '../lib/errors.ts';

/**
 * The error envelope of DECISIONS §2 on every route: readable 4xx for bad input, a generic 500 with
 * an error id (and the stack only in the log) for anything unexpected.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorResponse = { respones_msg: error.message, code: error.code, ...error.flags };
      return reply.status(error.statusCode).headers(error.headers).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      // A huge bad array has as many issues as items: the answer lists the first few (issue 12, item 9).
      const errors = error.validation.slice(0, MAX_LISTED_ERRORS).map((v) => {
        const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const issue = v.params.issue as { code?: string; input?: unknown } | undefined;
        // Zod leaves `input` out of its issues, so a rule on the whole body (a refine) has no path either:
        // only a body that was not sent at all is "required".
        const missingBody =
          !path &&
          issue?.input === undefined &&
          (where !== 'body' || request.body === undefined || request.body === null);
        const field = path || where;
        const message = missingBody
          ? 'is required'
          : (unionMessage(v.keyword, v.params.errors) ?? v.message ?? 'is invalid');
        return { field, message };
      });
      const first = errors[0]!;
      const sentence =
        first.field === 'body' && first.message === 'is required'
          ? 'Request body is required'
          : `${first.field}: ${first.message}`;
      return reply.status(400).send({ respones_msg: sentence, code: 'E_VALIDATION', errors } satisfies ErrorResponse);
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (error instanceof SyntaxError && error.statusCode === 400)) {
      return reply.status(400).send({
        respones_msg: 'The request body is not valid JSON.',
        code: 'E_MALFORMED_JSON',
      } satisfies ErrorResponse);
    }
    if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply
        .status(400)
        .send({ respones_msg: 'Request body is required', code: 'E_VALIDATION' } satisfies ErrorResponse);
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({
        respones_msg: 'Send the request body as application/json.',
        code: 'E_UNSUPPORTED_MEDIA_TYPE',
      } satisfies ErrorResponse);
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply
        .status(413)
        .send({ respones_msg: 'The request body is too large.', code: 'E_PAYLOAD_TOO_LARGE' } satisfies ErrorResponse);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500 && !isResponseSerializationError(error)) {
      // Other client errors raised by Fastify itself: a fixed sentence per status, never the raw request echoed back.
      return reply.status(error.statusCode).send(frameworkErrorBody(error.statusCode, error.code));
    }
    const errorId = crypto.randomUUID();
    request.log.error({ err: error, errorId }, 'unexpected error');
    return reply.status(500).send({
      respones_msg: `Something went wrong on our side. Please try again. (error id ${errorId})`,
      code: 'E_INTERNAL',
      errorId,
    } satisfies ErrorResponse);
  });
}

/** The most field errors one answer lists (the sentence names the first). */
export const MAX_LISTED_ERRORS = 20;

interface ZodIssueLike {
  code?: string;
  message?: string;
}

/**
 * A union (`text or number`) fails as a whole with zod's generic "Invalid input": when one branch had the right type
 * and failed a rule (a NUL character, a range), that rule is the useful message.
 */
function unionMessage(keyword: string, branches: unknown): string | undefined {
  if (keyword !== 'invalid_union' || !Array.isArray(branches)) return undefined;
  const branch = (branches as ZodIssueLike[][]).find(
    (issues) => issues.length > 0 && issues.every((i) => i.code !== 'invalid_type'),
  );
  return branch?.[0]?.message;
}

const FRAMEWORK_MESSAGES: Record<number, ErrorResponse> = {
  400: { respones_msg: 'The request is malformed.', code: 'E_BAD_REQUEST' },
  408: { respones_msg: 'The request took too long to arrive.', code: 'E_REQUEST_TIMEOUT' },
  414: { respones_msg: 'The request URL is too long.', code: 'E_URI_TOO_LONG' },
  431: { respones_msg: 'The request headers are too large.', code: 'E_HEADERS_TOO_LARGE' },
};

/** The envelope of an error Fastify or Node raise before a route runs: a fixed sentence, no echo of the input. */
export function frameworkErrorBody(status: number, fastifyCode?: string): ErrorResponse {
  if (fastifyCode === 'FST_ERR_BAD_URL')
    return { respones_msg: 'The request URL is not correctly encoded.', code: 'E_BAD_URL' };
  return (
    FRAMEWORK_MESSAGES[status] ?? { respones_msg: http.STATUS_CODES[status] ?? 'Bad request.', code: 'E_BAD_REQUEST' }
  );
}

/**
 * Fastify's `frameworkErrors`: a URL with a bad percent-encoding (400) and a path parameter over `maxParamLength`
 * (414) answer the envelope instead of Fastify's default body, which quotes the URL.
 */
export function frameworkErrors(headers: Record<string, string>) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : (error.statusCode ?? 400);
    void reply.headers(headers).status(status).send(frameworkErrorBody(status, error.code));
  };
}

/**
 * Node's `clientError` (the HTTP parser refused the request: headers too large, a broken request line, a timeout):
 * the envelope as JSON, then the socket is closed, as Node does.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify(frameworkErrorBody(status));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
