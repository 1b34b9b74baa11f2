import {
  appVersionQuerySchema,
  appVersionResponseSchema,
  appVersionUpdateRequestSchema,
  appVersionUpdateResponseSchema,
  priceDetailResponseSchema,
  priceIdQuerySchema,
  priceListResponseSchema,
  priceSubscribersResponseSchema,
  priceSyncResponseSchema,
  priceUpdateRequestSchema,
} from './pricing.ts';
import { staffEndpoint } from './staff-endpoint.ts';

/** Pricing and app versions (spec 3 §7 `price/*`; DECISIONS §8). SuperAdmin only. */
const P = '/api/v1/super-admin/price';

export const priceList = staffEndpoint({
  area: 'pricing',
  method: 'GET',
  path: `${P}/list`,
  response: priceListResponseSchema,
});
export const priceDetail = staffEndpoint({
  area: 'pricing',
  method: 'GET',
  path: `${P}/detail`,
  query: priceIdQuerySchema,
  response: priceDetailResponseSchema,
});
export const priceUpdate = staffEndpoint({
  area: 'pricing',
  method: 'POST',
  path: `${P}/update`,
  body: priceUpdateRequestSchema,
  response: priceDetailResponseSchema,
});
/** The live subscriptions of a price: the confirmation of an amount change names how many are emailed. */
export const priceSubscribers = staffEndpoint({
  area: 'pricing',
  method: 'GET',
  path: `${P}/subscribers`,
  query: priceIdQuerySchema,
  response: priceSubscribersResponseSchema,
});
export const priceSync = staffEndpoint({
  area: 'pricing',
  method: 'GET',
  path: `${P}/sync`,
  response: priceSyncResponseSchema,
});
export const appVersionGet = staffEndpoint({
  area: 'pricing',
  method: 'GET',
  path: `${P}/get/app-version`,
  query: appVersionQuerySchema,
  response: appVersionResponseSchema,
});
export const appVersionUpdate = staffEndpoint({
  area: 'pricing',
  method: 'POST',
  path: `${P}/update/app-version`,
  body: appVersionUpdateRequestSchema,
  response: appVersionUpdateResponseSchema,
});
