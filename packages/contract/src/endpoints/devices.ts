import { endpoint } from '../endpoint.ts';
import {
  deviceApplicationsRequestSchema,
  deviceApplicationsResponseSchema,
  deviceExportRequestSchema,
  deviceExportResponseSchema,
  deviceLogoutQuerySchema,
  deviceLogoutResponseSchema,
  deviceLogsRequestSchema,
  deviceLogsResponseSchema,
  deviceStatusRequestSchema,
  enrolRequestSchema,
  enrolResponseSchema,
  profileListQuerySchema,
  profileListResponseSchema,
} from '../device.ts';
import { messageSchema } from '../envelope.ts';

/** The device API (DECISIONS §6), under /api/v1/device: what the Android apps call. */
const D = '/api/v1/device';

export const enrol = endpoint({
  method: 'POST',
  path: `${D}/enrol`,
  body: enrolRequestSchema,
  response: enrolResponseSchema,
});
export const status = endpoint({
  method: 'POST',
  path: `${D}/status`,
  body: deviceStatusRequestSchema,
  response: messageSchema,
});
export const applications = endpoint({
  method: 'PUT',
  path: `${D}/applications`,
  body: deviceApplicationsRequestSchema,
  response: deviceApplicationsResponseSchema,
});
export const logs = endpoint({
  method: 'POST',
  path: `${D}/logs`,
  body: deviceLogsRequestSchema,
  response: deviceLogsResponseSchema,
});
export const createExport = endpoint({
  method: 'POST',
  path: `${D}/exports`,
  body: deviceExportRequestSchema,
  response: deviceExportResponseSchema,
});

/** The customer's device calls (spec 2 §7), under /api/v1/admin. */
export const profileList = endpoint({
  method: 'GET',
  path: '/api/v1/admin/profile/list',
  query: profileListQuerySchema,
  response: profileListResponseSchema,
});
export const logout = endpoint({
  method: 'GET',
  path: '/api/v1/admin/device/logout',
  query: deviceLogoutQuerySchema,
  response: deviceLogoutResponseSchema,
});
