import { z } from 'zod/mini';
import { emailSchema, idOf, text } from '../common.ts';
import { withData } from '../envelope.ts';
import { booleanQuerySchema, isoDateQuerySchema, staffListResponse, staffPageQuery } from './lists.ts';
import {
  emailFilterSchema,
  fcmTokenQuerySchema,
  idListQuerySchema,
  max,
  ownerSchema,
  required,
} from './shared/schemas.ts';
import { staffEndpoint, STAFF_API_BASE } from './staff-endpoint.ts';

const S = STAFF_API_BASE;

// --------------------------------------------------------------------------------------------- push notifications

export const NOTIFICATION_TITLE_MAX = 100;

export const NOTIFICATION_MESSAGE_MAX = 1000;

/** Devices or customers one notification may name (more: send to all, or to customers). */
export const NOTIFICATION_MAX_DEVICES = 1000;

export const NOTIFICATION_MAX_CUSTOMERS = 100;

/** DECISIONS §8: a device that is offline receives it until it expires. */
export const NOTIFICATION_DEFAULT_EXPIRY_DAYS = 7;

export const notificationDevicesQuerySchema = z.object({
  email: emailFilterSchema,
  from_date: isoDateQuerySchema,
  to_date: isoDateQuerySchema,
  customers: idListQuerySchema('customer', NOTIFICATION_MAX_CUSTOMERS),
  fcmToken: fcmTokenQuerySchema,
  ...staffPageQuery('wide'),
});

export type NotificationDevicesQuery = z.input<typeof notificationDevicesQuerySchema>;

export const notificationDeviceRowSchema = z.object({
  _id: z.string(),
  deviceName: z.string(),
  serialNumber: z.string(),
  appName: z.string(),
  userId: ownerSchema,
  /** The device has a push (FCM) registration token. */
  fcmToken: z.boolean(),
  created_at: z.string(),
});

export type NotificationDeviceRow = z.infer<typeof notificationDeviceRowSchema>;

export const notificationDevicesResponseSchema = staffListResponse(notificationDeviceRowSchema);

export const notificationCustomerSearchQuerySchema = z.object({ email: emailSchema });

export const notificationCustomerSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  /** Enrolled devices (not logged out). */
  totalDevices: z.int(),
});

export type NotificationCustomer = z.infer<typeof notificationCustomerSchema>;

export const notificationCustomerSearchResponseSchema = withData(notificationCustomerSchema);

/** Whom a notification goes to: chosen devices and/or chosen customers' devices; none of either: every device. */
const notificationTargetFields = {
  /** Chosen devices; with `customers` too, the devices of both. None of either: every enrolled device. */
  devices: z._default(
    z
      .array(idOf('device', 'must be device ids'), { error: 'must be a list of device ids' })
      .check(z.maxLength(NOTIFICATION_MAX_DEVICES, { error: `must name at most ${NOTIFICATION_MAX_DEVICES}` })),
    [],
  ),
  customers: z._default(
    z
      .array(idOf('customer', 'must be customer ids'), { error: 'must be a list of customer ids' })
      .check(z.maxLength(NOTIFICATION_MAX_CUSTOMERS, { error: `must name at most ${NOTIFICATION_MAX_CUSTOMERS}` })),
    [],
  ),
  /** Only devices with a push (FCM) registration token. */
  fcmToken: z._default(z.boolean({ error: 'must be true or false' }), false),
};

/** Title and message are refused over their limits (never cut: DECISIONS §14), by the server and at the field. */
export const notificationSendRequestSchema = z.object({
  title: text().check(z.trim(), required, max(NOTIFICATION_TITLE_MAX)),
  message: text().check(z.trim(), required, max(NOTIFICATION_MESSAGE_MAX)),
  ...notificationTargetFields,
});

export type NotificationSendRequest = z.input<typeof notificationSendRequestSchema>;

/**
 * `notification/preview` (DECISIONS §14 "Broadcasts"): the devices and customers a notification would reach, for the
 * confirmation asked before sending ("This goes to 1,204 devices of 37 customers").
 */
export const notificationPreviewRequestSchema = z.object(notificationTargetFields);

export type NotificationPreviewRequest = z.input<typeof notificationPreviewRequestSchema>;

export const notificationPreviewSchema = z.object({
  devices: z.int(),
  customers: z.int(),
  /**
   * `exact`: counted. `estimate`: every device, from the customers' seat summaries (kept in the transactions that
   * enrol devices; devices enrolled without a seat are not in it). `atLeast`: more devices than the count stops at
   * (`devices` is that cap; `customers` those among them).
   */
  precision: z.enum(['exact', 'estimate', 'atLeast']),
});

export type NotificationPreview = z.infer<typeof notificationPreviewSchema>;

export const notificationPreviewResponseSchema = withData(notificationPreviewSchema);

export const NOTIFICATION_TARGETS = ['all', 'devices', 'customers'] as const;

export type NotificationTarget = (typeof NOTIFICATION_TARGETS)[number];

/** Spec 3 "Notification", plus the fan-out progress (DECISIONS §8). */
export const notificationSchema = z.object({
  _id: z.string(),
  title: z.string(),
  message: z.string(),
  target: z.enum(NOTIFICATION_TARGETS),
  /** Devices the notification goes to (final once `fanOutComplete`). */
  totalDevices: z.int(),
  /** Delivery rows written so far by the fan-out jobs. */
  fannedOut: z.int(),
  fanOutComplete: z.boolean(),
  deliveredNotificationCount: z.int(),
  undeliveredNotificationCount: z.int(),
  openedNotificationCount: z.int(),
  expiresAt: z.string(),
  created_by: z.nullable(z.string()),
  created_at: z.string(),
});

export type Notification = z.infer<typeof notificationSchema>;

export const notificationSendResponseSchema = withData(notificationSchema);

export const notificationListQuerySchema = z.object({ ...staffPageQuery('standard') });

export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

export const notificationListResponseSchema = staffListResponse(notificationSchema);

export const notificationDetailQuerySchema = z.object({
  id: idOf('notification'),
  isDelivered: booleanQuerySchema,
  isOpen: booleanQuerySchema,
  ...staffPageQuery('wide'),
});

export type NotificationDetailQuery = z.input<typeof notificationDetailQuerySchema>;

/** Spec 3 notification detail row: one device's delivery. */
export const notificationDeliverySchema = z.object({
  _id: z.string(),
  deviceId: z.nullable(z.object({ _id: z.string(), serialNumber: z.string(), deviceName: z.string() })),
  isDelivered: z.boolean(),
  deliveredDate: z.nullable(z.string()),
  isOpen: z.boolean(),
  openDate: z.nullable(z.string()),
});

export type NotificationDelivery = z.infer<typeof notificationDeliverySchema>;

export const notificationDetailResponseSchema = z.extend(staffListResponse(notificationDeliverySchema), {
  notification: notificationSchema,
});

export type NotificationDetailResponse = z.infer<typeof notificationDetailResponseSchema>;

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
