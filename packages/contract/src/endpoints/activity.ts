import { endpoint } from '../endpoint.ts';
import {
  auditListQuerySchema,
  auditListResponseSchema,
  deviceLogListQuerySchema,
  deviceLogListResponseSchema,
  exportApplicationDeleteBodySchema,
  exportApplicationDeleteInputSchema,
  exportApplicationDeleteResponseSchema,
  exportDeleteBodySchema,
  exportDeleteInputSchema,
  exportDeleteResponseSchema,
  exportDetailQuerySchema,
  exportDetailResponseSchema,
  exportListQuerySchema,
  exportListResponseSchema,
  restoreDisabledAppsRequestSchema,
  restoreDisabledAppsResponseSchema,
} from '../activity.ts';

/** Device logs, audit log and exports of the customer console (spec 2 §7), under /api/v1/admin. */
const A = '/api/v1/admin';

export const deviceLogList = endpoint({
  method: 'GET',
  path: `${A}/device/log/list`,
  query: deviceLogListQuerySchema,
  response: deviceLogListResponseSchema,
});
export const auditList = endpoint({
  method: 'GET',
  path: `${A}/users/audit/list`,
  query: auditListQuerySchema,
  response: auditListResponseSchema,
});
export const exportList = endpoint({
  method: 'GET',
  path: `${A}/users/export/list`,
  query: exportListQuerySchema,
  response: exportListResponseSchema,
});
export const exportDetail = endpoint({
  method: 'GET',
  path: `${A}/users/export/detail`,
  query: exportDetailQuerySchema,
  response: exportDetailResponseSchema,
});
/** `id` in the query string or a JSON body. */
export const exportDelete = endpoint({
  method: 'DELETE',
  path: `${A}/users/export/delete`,
  query: exportDeleteInputSchema,
  body: exportDeleteBodySchema,
  response: exportDeleteResponseSchema,
});
/** `id` and `app` in the query string or a JSON body. */
export const exportApplicationDelete = endpoint({
  method: 'DELETE',
  path: `${A}/users/export/application/delete`,
  query: exportApplicationDeleteInputSchema,
  body: exportApplicationDeleteBodySchema,
  response: exportApplicationDeleteResponseSchema,
});
export const restoreDisabledApps = endpoint({
  method: 'POST',
  path: `${A}/device/restore/pdDisabledApp`,
  body: restoreDisabledAppsRequestSchema,
  response: restoreDisabledAppsResponseSchema,
});
