import { createHash } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accessOfEndpoint } from '@fleetdeck/contract/access';
import type { AppContext } from '../context.ts';
import { open, seal } from '../lib/crypto.ts';
import { AppError } from '../lib/errors.ts';
import { checkedIdempotencyKey, idempotencyKeyOf } from '../lib/idempotency.ts';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  releaseIdempotencyKey,
} from '../modules/idempotency/repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The `Idempotency-Key` this request claimed (its answer is kept for a repeat), or undefined. */
    idempotency?: { caller: string; key: string };
  }
}

/** How long a repeat waits for the first request's answer, and how often it looks (tests shorten the wait). */
export const idempotencyWait = { ms: 10_000, pollMs: 25 };

/** Answers a repeat gets again: successes and a payment's refusal (402), as Stripe keeps them. */
const replayable = (status: number) => (status >= 200 && status < 300) || status === 402;

/**
 * `Idempotency-Key` on every `POST` of the customer API (DECISIONS §13, Stripe's rules): the same key with the same
 * request (method, path and body) within 24 h answers the first answer again, marked `idempotent-replayed: true`,
 * without running anything; the same key with another request answers 422 `E_IDEMPOTENCY`; a repeat while the
 * first is still running waits for its answer (409 after 10 s). Keys are per caller (an API key, a member, the registrant), so nobody is ever
 * answered what another person's request saw. Only answers worth repeating are kept (`replayable`): a refused or
 * failed request runs again on a retry. Runs after the route's guard and validation (preHandler), so input errors
 * are answered as usual and never stored; the kept answer is the serialized body, taken before compression and
 * sealed (`sealed`).
 */
export function registerIdempotency(app: FastifyInstance, ctx: AppContext) {
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST' || !request.session) return;
    const endpoint = request.routeOptions.config.endpoint;
    const access = endpoint ? accessOfEndpoint.get(endpoint) : undefined;
    if (!access || access === 'public' || access === 'device') return;
    const key = checkedIdempotencyKey(idempotencyKeyOf(request));
    if (!key) return;

    const caller = callerOf(request);
    const fingerprint = fingerprintOf(request);
    // A repeat while the first request runs waits for its answer (a double click, a retry after a timeout), up to
    // `idempotencyWait.ms`; then 409.
    const giveUpAt = Date.now() + idempotencyWait.ms;
    for (;;) {
      const existing = await claimIdempotencyKey(ctx.db, caller, key, fingerprint);
      if (!existing) {
        request.idempotency = { caller, key };
        return;
      }
      if (existing.fingerprint !== fingerprint) {
        throw new AppError(
          422,
          'E_IDEMPOTENCY',
          'This Idempotency-Key was already used for a different request in the last 24 hours: send a new key for a new request.',
        );
      }
      if (existing.state === 'done' && existing.statusCode !== null) {
        const body = unsealed(ctx, existing.responseBody);
        if (body === null)
          throw new AppError(409, 'E_CONFLICT', 'This Idempotency-Key cannot be replayed: send a new key.');
        return replay(reply, existing.statusCode, existing.contentType, body);
      }
      if (Date.now() >= giveUpAt) {
        throw new AppError(
          409,
          'E_CONFLICT',
          'A request with this Idempotency-Key is still being processed: retry in a moment to get its answer.',
        );
      }
      await setTimeout(idempotencyWait.pollMs);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claimed = request.idempotency;
    if (!claimed) return payload;
    request.idempotency = undefined;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    if (body !== null && replayable(reply.statusCode)) {
      const contentType = reply.getHeader('content-type');
      await completeIdempotencyKey(ctx.db, claimed.caller, claimed.key, {
        statusCode: reply.statusCode,
        contentType: typeof contentType === 'string' ? contentType : null,
        body: sealed(ctx, body),
      });
    } else {
      await releaseIdempotencyKey(ctx.db, claimed.caller, claimed.key);
    }
    return payload;
  });
}

/**
 * What makes two requests the same: method, path with its query, and the validated body, without a captcha solution
 * (a one-time proof of the attempt, not a parameter: a retry may carry a fresh one or none).
 */
function fingerprintOf(request: FastifyRequest): string {
  let body = request.body ?? null;
  if (body && typeof body === 'object' && !Array.isArray(body) && 'captcha' in body) {
    const { captcha: _proof, ...rest } = body as Record<string, unknown>;
    body = rest;
  }
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(body)}`)
    .digest('base64url');
}

/**
 * Kept answers are sealed with the installation's storage key: some are shown once (an API key, a webhook's signing
 * secret) and must not sit readable in the database for 24 h.
 */
const sealed = (ctx: AppContext, body: string) => {
  const { iv, encryptedData } = seal(ctx.secrets.storageKey, body);
  return `${iv}:${encryptedData}`;
};
const unsealed = (ctx: AppContext, stored: string | null): string | null => {
  const [iv, data] = (stored ?? '').split(':');
  return iv && data ? open<string>(ctx.secrets.storageKey, iv, data) : null;
};

/** Whose keys these are: the API key, else the member, else the account's registrant (or a staff login-as). */
function callerOf(request: FastifyRequest): string {
  const session = request.session!;
  if (session.apiKey) return `api_key:${session.apiKey.id}`;
  if (session.member) return `member:${session.member.id}`;
  return `customer:${session.subjectId}`;
}

function replay(reply: FastifyReply, statusCode: number, contentType: string | null, body: string) {
  if (contentType) void reply.header('content-type', contentType);
  return reply.code(statusCode).header('idempotent-replayed', 'true').send(body);
}
