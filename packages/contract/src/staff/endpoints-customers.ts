import {
  customerCreateRequestSchema,
  customerDetailQuerySchema,
  customerDetailResponseSchema,
  customerListQuerySchema,
  customerListResponseSchema,
  customerPaymentResponseSchema,
  customerUpdateRequestSchema,
  deleteDeviceQuerySchema,
  deleteDeviceResponseSchema,
  deviceByProductQuerySchema,
  deviceByProductResponseSchema,
  offlinePaymentRequestSchema,
  resellerApproveRequestSchema,
  resellerApproveResponseSchema,
  staffCustomerResponseSchema,
  subscriptionDetailQuerySchema,
  subscriptionDetailResponseSchema,
  subscriptionUpdateRequestSchema,
} from './customers.ts';
import { staffEndpoint } from './staff-endpoint.ts';

const S = '/api/v1/super-admin';

// ---------------------------------------------------------------------------------------- customers (spec 3 §7)

/** `isExportData=true` answers `customers.csv`. */
export const customerList = staffEndpoint({
  area: 'customers',
  method: 'GET',
  path: `${S}/customers/list`,
  query: customerListQuerySchema,
  response: customerListResponseSchema,
});
export const customerCreate = staffEndpoint({
  area: 'customers',
  method: 'POST',
  path: `${S}/customers/create`,
  body: customerCreateRequestSchema,
  response: staffCustomerResponseSchema,
});
export const customerUpdate = staffEndpoint({
  area: 'customers',
  method: 'POST',
  path: `${S}/customers/update`,
  body: customerUpdateRequestSchema,
  response: staffCustomerResponseSchema,
});
export const customerDetail = staffEndpoint({
  area: 'customers',
  method: 'GET',
  path: `${S}/customers/detail`,
  query: customerDetailQuerySchema,
  response: customerDetailResponseSchema,
});
/** DECISIONS §5: approving a reseller request issues the reseller's coupon (money: finance roles). */
export const resellerApprove = staffEndpoint({
  area: 'customerPayments',
  method: 'POST',
  path: `${S}/customers/reseller/approve`,
  body: resellerApproveRequestSchema,
  response: resellerApproveResponseSchema,
});

// ------------------------------------------------------------------------ customer subscriptions (spec 3 §7)

/** An offline payment (DECISIONS §8); an `Idempotency-Key` header makes a retry return the same payment. */
export const offlinePaymentCreate = staffEndpoint({
  area: 'customerPayments',
  method: 'POST',
  path: `${S}/payments/create`,
  body: offlinePaymentRequestSchema,
  response: customerPaymentResponseSchema,
});
export const subscriptionDetail = staffEndpoint({
  area: 'customerPayments',
  method: 'GET',
  path: `${S}/payments/subscription/detail`,
  query: subscriptionDetailQuerySchema,
  response: subscriptionDetailResponseSchema,
});
export const subscriptionUpdate = staffEndpoint({
  area: 'customerPayments',
  method: 'POST',
  path: `${S}/payments/subscription/update`,
  body: subscriptionUpdateRequestSchema,
  response: customerPaymentResponseSchema,
});
export const deviceByProduct = staffEndpoint({
  area: 'customerPayments',
  method: 'GET',
  path: `${S}/payments/deviceByProduct`,
  query: deviceByProductQuerySchema,
  response: deviceByProductResponseSchema,
});
export const deleteDevice = staffEndpoint({
  area: 'customerPayments',
  method: 'DELETE',
  path: `${S}/payments/delete/device`,
  query: deleteDeviceQuerySchema,
  response: deleteDeviceResponseSchema,
});
