import { endpoint } from '../endpoint.ts';
import {
  sandboxConfirmRequestSchema,
  sandboxConfirmResponseSchema,
  sandboxPaymentMethodRequestSchema,
  sandboxPaymentMethodResponseSchema,
} from '../payments.ts';

/** The sandbox payment provider's browser calls (what Stripe.js does against Stripe), DECISIONS §5. */
export const tokeniseCard = endpoint({
  method: 'POST',
  path: '/api/v1/sandbox/payment-methods',
  body: sandboxPaymentMethodRequestSchema,
  response: sandboxPaymentMethodResponseSchema,
});
/** The client secret is the credential (no session). */
export const confirm = endpoint({
  method: 'POST',
  path: '/api/v1/sandbox/confirm',
  body: sandboxConfirmRequestSchema,
  response: sandboxConfirmResponseSchema,
});
