import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';

/** Longest `Idempotency-Key` header accepted (Stripe's limit). */
export const IDEMPOTENCY_KEY_MAX = 255;

/** The request's `Idempotency-Key` header as sent (the first, if sent twice). */
export const idempotencyKeyOf = (req: Pick<FastifyRequest, 'headers'>) => {
  const value = req.headers['idempotency-key'];
  return Array.isArray(value) ? value[0] : value;
};

/** The key trimmed, or null when none was sent; a key over IDEMPOTENCY_KEY_MAX answers 400. */
export function checkedIdempotencyKey(raw: string | undefined): string | null {
  const key = raw?.trim() || null;
  if (key && key.length > IDEMPOTENCY_KEY_MAX) {
    throw badRequest('E_VALIDATION', `Idempotency-Key: must be at most ${IDEMPOTENCY_KEY_MAX} characters`);
  }
  return key;
}
