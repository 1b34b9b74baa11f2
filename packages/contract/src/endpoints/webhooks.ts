import { z } from 'zod/mini';
import { endpoint } from '../endpoint.ts';

/** Stripe's webhook (DECISIONS §5): the body is Stripe's event, read as raw bytes for the signature check. */
export const stripe = endpoint({
  method: 'POST',
  path: '/api/v1/webhooks/stripe',
  response: z.object({ respones_msg: z.string(), received: z.literal(true) }),
});
