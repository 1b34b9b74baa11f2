import {
  paymentDetailQuerySchema,
  paymentDetailResponseSchema,
  refundRequestSchema,
  refundResponseSchema,
} from './refunds.ts';
import { staffEndpoint } from './staff-endpoint.ts';

/** Refunds (spec 3 §7 `payments/detail`, `payments/refund`; DECISIONS §8 "Refund"). */
export const paymentDetail = staffEndpoint({
  area: 'customerPayments',
  method: 'GET',
  path: '/api/v1/super-admin/payments/detail',
  query: paymentDetailQuerySchema,
  response: paymentDetailResponseSchema,
});
/** Takes an optional `Idempotency-Key` header; without it the key is derived from the request body. */
export const paymentRefund = staffEndpoint({
  area: 'customerPayments',
  method: 'POST',
  path: '/api/v1/super-admin/payments/refund',
  body: refundRequestSchema,
  response: refundResponseSchema,
});
