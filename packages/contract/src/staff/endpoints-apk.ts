import { apkListQuerySchema, apkListResponseSchema, apkUploadResponseSchema } from './apk.ts';
import { staffEndpoint } from './staff-endpoint.ts';

/** APK publishing (DECISIONS §14): Pricing area, SuperAdmin only. */
const P = '/api/v1/super-admin/price/apk';

/** `multipart/form-data` `{family, file}`; see `APK_UPLOAD_FIELDS`. */
export const apkUpload = staffEndpoint({
  area: 'pricing',
  method: 'POST',
  path: `${P}/upload`,
  response: apkUploadResponseSchema,
});
export const apkList = staffEndpoint({
  area: 'pricing',
  method: 'GET',
  path: `${P}/list`,
  query: apkListQuerySchema,
  response: apkListResponseSchema,
});
