import { endpoint } from '../endpoint.ts';
import { messageSchema } from '../envelope.ts';
import {
  checkoutResponseSchema,
  couponApplyRequestSchema,
  couponApplyResponseSchema,
  paymentHistoryQuerySchema,
  paymentHistoryResponseSchema,
  paymentMethodAttachRequestSchema,
  paymentMethodDefaultRequestSchema,
  paymentMethodListResponseSchema,
  purchaseRequestSchema,
  sandboxPaymentMethodResponseSchema,
  subscriptionListResponseSchema,
  subscriptionQuerySchema,
  subscriptionUpdateRequestSchema,
} from '../payments.ts';
import { creditNoteParamsSchema, invoiceParamsSchema, pdfSchema } from '../payment-record.ts';

/** Checkout, history, coupons and saved payment methods (spec 1 §7). Checkouts take an `Idempotency-Key` header. */
const P = '/api/v1/admin/payments';
const M = '/api/v1/admin/users/payment-method';

export const purchase = endpoint({
  method: 'POST',
  path: `${P}/purchase`,
  body: purchaseRequestSchema,
  response: checkoutResponseSchema,
});
export const updateSubscription = endpoint({
  method: 'POST',
  path: `${P}/subscription/update`,
  body: subscriptionUpdateRequestSchema,
  response: checkoutResponseSchema,
});
export const subscriptions = endpoint({
  method: 'GET',
  path: `${P}/subscription`,
  query: subscriptionQuerySchema,
  response: subscriptionListResponseSchema,
});
export const history = endpoint({
  method: 'GET',
  path: `${P}/history`,
  query: paymentHistoryQuerySchema,
  response: paymentHistoryResponseSchema,
});
/** The invoice PDF of one of the customer's Success payments (`content-type: application/pdf`). */
export const invoice = endpoint({
  method: 'GET',
  path: `${P}/:id/invoice`,
  params: invoiceParamsSchema,
  response: pdfSchema,
});
/** A credit note PDF of one of the customer's refunded payments (`content-type: application/pdf`). */
export const creditNote = endpoint({
  method: 'GET',
  path: `${P}/:id/credit-notes/:creditNoteId`,
  params: creditNoteParamsSchema,
  response: pdfSchema,
});
export const applyCoupon = endpoint({
  method: 'POST',
  path: `${P}/coupon/apply`,
  body: couponApplyRequestSchema,
  response: couponApplyResponseSchema,
});
export const paymentMethods = endpoint({ method: 'GET', path: `${M}/list`, response: paymentMethodListResponseSchema });
export const attachPaymentMethod = endpoint({
  method: 'POST',
  path: `${M}/attach`,
  body: paymentMethodAttachRequestSchema,
  response: sandboxPaymentMethodResponseSchema,
});
export const setDefaultPaymentMethod = endpoint({
  method: 'POST',
  path: `${M}/default`,
  body: paymentMethodDefaultRequestSchema,
  response: messageSchema,
});
/** Removes a saved method that is not the default (`{ pmId }`, as for `default`). */
export const detachPaymentMethod = endpoint({
  method: 'POST',
  path: `${M}/detach`,
  body: paymentMethodDefaultRequestSchema,
  response: messageSchema,
});
