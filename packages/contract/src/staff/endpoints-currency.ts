import { messageSchema } from '../envelope.ts';
import {
  countryLookupQuerySchema,
  countryLookupResponseSchema,
  currencyAddRequestSchema,
  currencyIdQuerySchema,
  currencyListQuerySchema,
  currencyListResponseSchema,
  currencyRuleResponseSchema,
  currencySyncResponseSchema,
  currencyUpdateRequestSchema,
} from './currency.ts';
import { staffEndpoint } from './staff-endpoint.ts';

/** Multi currency (spec 3 §7 `price/*currency*`, `price/country/lookup`; DECISIONS §8). SuperAdmin only (Pricing). */
const P = '/api/v1/super-admin/price';

export const currencyAdd = staffEndpoint({
  area: 'pricing',
  method: 'POST',
  path: `${P}/add/currency`,
  body: currencyAddRequestSchema,
  response: currencyRuleResponseSchema,
});
export const currencyUpdate = staffEndpoint({
  area: 'pricing',
  method: 'POST',
  path: `${P}/update/currency`,
  body: currencyUpdateRequestSchema,
  response: currencyRuleResponseSchema,
});
export const currencyList = staffEndpoint({
  area: 'pricing',
  method: 'GET',
  path: `${P}/list/currency`,
  query: currencyListQuerySchema,
  response: currencyListResponseSchema,
});
export const currencyDelete = staffEndpoint({
  area: 'pricing',
  method: 'DELETE',
  path: `${P}/delete/currency`,
  query: currencyIdQuerySchema,
  response: messageSchema,
});
export const countryLookup = staffEndpoint({
  area: 'pricing',
  method: 'GET',
  path: `${P}/country/lookup`,
  query: countryLookupQuerySchema,
  response: countryLookupResponseSchema,
});
export const currencySync = staffEndpoint({
  area: 'pricing',
  method: 'GET',
  path: `${P}/currency/sync`,
  response: currencySyncResponseSchema,
});
