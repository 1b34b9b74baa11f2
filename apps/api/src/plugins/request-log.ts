import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * The request log: one line per request, written when the answer has been sent, with what an operator needs —
 * method, path without its query string (emailed links carry tokens there), client address, status and time in
 * ms (`responseTime`); the line's reqId identifies the request. Fastify's default is two lines (incoming and completed), each
 * serialising the request again.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {
    // Folded into the completed line.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    // Flat fields: nested objects would each go through the logger's redaction (the secrets' paths), which cost
    // more than the rest of the line; none of these can carry a secret.
    const url = request.url;
    const query = url.indexOf('?');
    const line = {
      method: request.method,
      url: query === -1 ? url : url.slice(0, query),
      ip: request.ip,
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    else request.log.info(line, 'request completed');
  }
}
