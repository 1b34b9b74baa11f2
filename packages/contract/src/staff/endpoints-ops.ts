import {
  bloatwareListQuerySchema,
  bloatwareListResponseSchema,
  bloatwareUpdateRequestSchema,
  bloatwareUpdateResponseSchema,
  customerExportListQuerySchema,
  customerExportListResponseSchema,
  deletedDeviceResetRequestSchema,
  deletedDeviceResetResponseSchema,
  notificationCustomerSearchQuerySchema,
  notificationCustomerSearchResponseSchema,
  notificationDetailQuerySchema,
  notificationDetailResponseSchema,
  notificationDevicesQuerySchema,
  notificationDevicesResponseSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationPreviewRequestSchema,
  notificationPreviewResponseSchema,
  notificationSendRequestSchema,
  notificationSendResponseSchema,
  powerChatUserListQuerySchema,
  powerChatUserListResponseSchema,
  staffAuditListQuerySchema,
  staffAuditListResponseSchema,
  staffDeviceListQuerySchema,
  staffDeviceListResponseSchema,
} from './ops.ts';
import { staffEndpoint } from './staff-endpoint.ts';

/** Staff API base (DECISIONS §2). */
const S = '/api/v1/super-admin';

// ------------------------------------------------------------------------- devices (DECISIONS §8 paths left out)

export const deviceList = staffEndpoint({
  area: 'devices',
  method: 'GET',
  path: `${S}/devices/list`,
  query: staffDeviceListQuerySchema,
  response: staffDeviceListResponseSchema,
});

// ----------------------------------------------------------------------------------- notifications (spec 3 §7)

export const notificationDevices = staffEndpoint({
  area: 'notifications',
  method: 'GET',
  path: `${S}/notification/devices/list`,
  query: notificationDevicesQuerySchema,
  response: notificationDevicesResponseSchema,
});
export const notificationCustomerSearch = staffEndpoint({
  area: 'notifications',
  method: 'GET',
  path: `${S}/notification/customer/search`,
  query: notificationCustomerSearchQuerySchema,
  response: notificationCustomerSearchResponseSchema,
});
/** A POST: a thousand device ids do not fit in a URL. Reads only. */
export const notificationPreview = staffEndpoint({
  area: 'notifications',
  method: 'POST',
  path: `${S}/notification/preview`,
  body: notificationPreviewRequestSchema,
  response: notificationPreviewResponseSchema,
});
export const notificationSend = staffEndpoint({
  area: 'notifications',
  method: 'POST',
  path: `${S}/notification/send`,
  body: notificationSendRequestSchema,
  response: notificationSendResponseSchema,
});
export const notificationList = staffEndpoint({
  area: 'notifications',
  method: 'GET',
  path: `${S}/notification/list`,
  query: notificationListQuerySchema,
  response: notificationListResponseSchema,
});
export const notificationDetail = staffEndpoint({
  area: 'notifications',
  method: 'GET',
  path: `${S}/notification/detail`,
  query: notificationDetailQuerySchema,
  response: notificationDetailResponseSchema,
});

// -------------------------------------------------------------------------------------- audit logs (spec 3 §7)

export const auditList = staffEndpoint({
  area: 'auditLogs',
  method: 'GET',
  path: `${S}/customers/audit/list`,
  query: staffAuditListQuerySchema,
  response: staffAuditListResponseSchema,
});
export const resetDeletedDeviceDate = staffEndpoint({
  area: 'auditLogs',
  method: 'POST',
  path: `${S}/customers/reset/deletedDeviceDate`,
  body: deletedDeviceResetRequestSchema,
  response: deletedDeviceResetResponseSchema,
});

// ------------------------------------------------------------------------------------------------ Power Chat users

export const powerChatUsers = staffEndpoint({
  area: 'powerChatUsers',
  method: 'GET',
  path: `${S}/customers/fcm/list`,
  query: powerChatUserListQuerySchema,
  response: powerChatUserListResponseSchema,
});

// --------------------------------------------------------------------------------------------- bloatware catalogue

export const bloatwareList = staffEndpoint({
  area: 'bloatware',
  method: 'GET',
  path: `${S}/customers/bloatware/application/list`,
  query: bloatwareListQuerySchema,
  response: bloatwareListResponseSchema,
});
/** Not named by the spec: staff mark a package Yes/No with a reason. */
export const bloatwareUpdate = staffEndpoint({
  area: 'bloatware',
  method: 'POST',
  path: `${S}/customers/bloatware/application/update`,
  body: bloatwareUpdateRequestSchema,
  response: bloatwareUpdateResponseSchema,
});

// ------------------------------------------------------------------------------------------------ customer exports

export const customerExports = staffEndpoint({
  area: 'exports',
  method: 'GET',
  path: `${S}/customers/exports/list`,
  query: customerExportListQuerySchema,
  response: customerExportListResponseSchema,
});
