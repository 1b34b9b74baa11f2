import { endpoint } from '../endpoint.ts';
import {
  downloadSdkQuerySchema,
  downloadSdkResponseSchema,
  plansResponseSchema,
  priceDetailQuerySchema,
  priceDetailResponseSchema,
  publicPlansResponseSchema,
} from '../payments.ts';

/** Plans and APK downloads (spec 1 §2, §3, §7). */
export const list = endpoint({ method: 'GET', path: '/api/v1/admin/payments/plans', response: plansResponseSchema });
export const priceDetail = endpoint({
  method: 'GET',
  path: '/api/v1/admin/payments/price/detail',
  query: priceDetailQuerySchema,
  response: priceDetailResponseSchema,
});
export const downloadSdk = endpoint({
  method: 'GET',
  path: '/api/v1/admin/users/download/sdk',
  query: downloadSdkQuerySchema,
  response: downloadSdkResponseSchema,
});
/** The public price list (no session). */
export const pricing = endpoint({ method: 'GET', path: '/api/v1/pricing', response: publicPlansResponseSchema });
