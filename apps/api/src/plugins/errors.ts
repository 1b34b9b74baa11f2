import crypto from 'node:crypto';
import type { FastifyError, FastifyInstance } from 'fastify';
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
      const errors = error.validation.map((v) => {
        const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const issue = v.params.issue as { code?: string; input?: unknown } | undefined;
        // Zod leaves `input` out of its issues, so a rule on the whole body (a refine) has no path either:
        // only a body that was not sent at all is "required".
        const missingBody =
          !path &&
          issue?.input === undefined &&
          (where !== 'body' || request.body === undefined || request.body === null);
        const field = path || where;
        const message = missingBody ? 'is required' : (v.message ?? 'is invalid');
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
      // Other client errors raised by Fastify itself (bad headers, bad URL encoding...).
      return reply
        .status(error.statusCode)
        .send({ respones_msg: error.message, code: 'E_VALIDATION' } satisfies ErrorResponse);
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
