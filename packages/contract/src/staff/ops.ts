import { z } from 'zod/mini';
import { blankAsAbsent } from '../activity.ts';
import { emailSchema, text } from '../common.ts';
import { withData } from '../envelope.ts';
import {
  booleanQuerySchema,
  isExportDataSchema,
  isoDateQuerySchema,
  staffListResponse,
  staffPageQuery,
} from './lists.ts';

/**
 * The back office's device-side pages (spec 3 Devices, Notifications, Audit logs, Power Chat users, Bloatware apps,
 * Customer exports; DECISIONS §8): devices across customers, push notifications to devices with their per-device
 * delivery rows, the deleted-devices audit, the Power Chat users, the bloatware catalogue and the customers' exports.
 */

const max = (n: number) => z.maxLength(n, { error: `must be at most ${n} characters` });
const required = z.minLength(1, { error: 'is required' });

/** An email filter: exact customer email, trimmed and lower-cased; blank = no filter. */
const emailFilterSchema = blankAsAbsent(text().check(z.trim(), z.toLowerCase(), max(254)));

/** Ids sent as a list (`?customers=a&customers=b` or `customers=a,b`); blank = none. */
export const idListQuerySchema = (what: string, maxItems: number) =>
  z.pipe(
    z.transform((v: unknown) => {
      if (v === undefined || v === null || v === '') return undefined;
      const list = Array.isArray(v) ? v : [v];
      return list.flatMap((x) => (typeof x === 'string' ? x.split(',') : [x])).filter((x) => x !== '');
    }),
    z.optional(
      z
        .array(z.uuid({ error: `must be ${what} ids` }))
        .check(z.maxLength(maxItems, { error: `must name at most ${maxItems}` })),
    ),
  );

/** `fcmToken=true`: only devices the push service (FCM) can wake. */
const fcmTokenQuerySchema = booleanQuerySchema;

// ------------------------------------------------------------------------------------------- devices (admin list)

export const staffDeviceListQuerySchema = z.object({
  from_date: isoDateQuerySchema,
  to_date: isoDateQuerySchema,
  email: emailFilterSchema,
  ...staffPageQuery('wide'),
  isExportData: isExportDataSchema,
});
export type StaffDeviceListQuery = z.input<typeof staffDeviceListQuerySchema>;

const ownerSchema = z.nullable(z.object({ _id: z.string(), email: z.string() }));

/** Spec 3 "Device (admin list)". */
export const staffDeviceRowSchema = z.object({
  _id: z.string(),
  deviceName: z.string(),
  serialNumber: z.string(),
  appName: z.string(),
  appVersionCode: z.string(),
  userId: ownerSchema,
  created_at: z.string(),
});
export type StaffDeviceRow = z.infer<typeof staffDeviceRowSchema>;
export const staffDeviceListResponseSchema = staffListResponse(staffDeviceRowSchema);

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
      .array(z.uuid({ error: 'must be device ids' }), { error: 'must be a list of device ids' })
      .check(z.maxLength(NOTIFICATION_MAX_DEVICES, { error: `must name at most ${NOTIFICATION_MAX_DEVICES}` })),
    [],
  ),
  customers: z._default(
    z
      .array(z.uuid({ error: 'must be customer ids' }), { error: 'must be a list of customer ids' })
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
  id: z.uuid({ error: 'must be a notification id' }),
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

// ---------------------------------------------------------------------------------------------------- audit logs

export const staffAuditListQuerySchema = z.object({
  email: emailFilterSchema,
  ...staffPageQuery('standard'),
  isExportData: isExportDataSchema,
});
export type StaffAuditListQuery = z.input<typeof staffAuditListQuerySchema>;

/** Spec 3 "Audit row" (DECISIONS §8 "Deleted devices"); `_id` is the customer's id (the login-as link). */
export const staffAuditRowSchema = z.object({
  _id: z.string(),
  email: z.string(),
  /** The customer's audit entries that record an error. */
  errorCount: z.int(),
  /** Device logouts since `deletedDeviceResetDate`. */
  deletedDevices: z.int(),
  deletedDeviceResetCount: z.int(),
  deletedDeviceResetDate: z.nullable(z.string()),
});
export type StaffAuditRow = z.infer<typeof staffAuditRowSchema>;
export const staffAuditListResponseSchema = staffListResponse(staffAuditRowSchema);

export const deletedDeviceResetRequestSchema = z.object({ email: emailSchema });
export const deletedDeviceResetResponseSchema = withData(staffAuditRowSchema);

// ---------------------------------------------------------------------------------------------- Power Chat users

export const powerChatUserListQuerySchema = z.object({
  from_date: isoDateQuerySchema,
  to_date: isoDateQuerySchema,
  company: blankAsAbsent(text().check(z.trim(), max(200))),
  ...staffPageQuery('standard'),
});
export type PowerChatUserListQuery = z.input<typeof powerChatUserListQuerySchema>;

/** Spec 3 "Power Chat user": `fcmID` is the user's sign-in id, `company` the owning customer's name (or email). */
export const powerChatUserRowSchema = z.object({
  _id: z.string(),
  fcmID: z.string(),
  fcmData: z.object({ name: z.string(), company: z.string() }),
  userId: ownerSchema,
  created_at: z.string(),
});
export type PowerChatUserRow = z.infer<typeof powerChatUserRowSchema>;
export const powerChatUserListResponseSchema = staffListResponse(powerChatUserRowSchema);

// --------------------------------------------------------------------------------------------- bloatware catalogue

export const bloatwareListQuerySchema = z.object({
  /** `true` Yes, `false` No; absent: all (including packages not yet judged). */
  isBloatware: booleanQuerySchema,
  ...staffPageQuery('standard'),
  isExportData: isExportDataSchema,
});
export type BloatwareListQuery = z.input<typeof bloatwareListQuerySchema>;

/** Spec 3 "Bloatware app"; `isBloatware` null = not judged yet. */
export const bloatwareAppSchema = z.object({
  packageName: z.string(),
  isBloatware: z.nullable(z.boolean()),
  reason: z.string(),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BloatwareApp = z.infer<typeof bloatwareAppSchema>;
export const bloatwareListResponseSchema = staffListResponse(bloatwareAppSchema);

const packageNameSchema = text().check(
  z.trim(),
  required,
  max(255),
  z.regex(/^[A-Za-z0-9_.]+$/, { error: 'must be an Android package name' }),
);

export const bloatwareUpdateRequestSchema = z.object({
  packageName: packageNameSchema,
  isBloatware: z.boolean({ error: 'must be true or false' }),
  reason: z._default(text().check(z.trim(), max(500)), ''),
});
export type BloatwareUpdateRequest = z.input<typeof bloatwareUpdateRequestSchema>;
export const bloatwareUpdateResponseSchema = withData(bloatwareAppSchema);

// ---------------------------------------------------------------------------------------------- customer exports

export const customerExportListQuerySchema = z.object({ ...staffPageQuery('standard') });
export type CustomerExportListQuery = z.input<typeof customerExportListQuerySchema>;

/** Spec 3 "Export record": `disabledApplications` is the count of disabled apps the backup holds. */
export const customerExportRowSchema = z.object({
  _id: z.string(),
  exportName: z.string(),
  serialNumber: z.string(),
  disabledApplications: z.int(),
  userId: ownerSchema,
  created_at: z.string(),
});
export type CustomerExportRow = z.infer<typeof customerExportRowSchema>;
export const customerExportListResponseSchema = staffListResponse(customerExportRowSchema);
