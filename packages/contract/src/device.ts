import { z } from 'zod/mini';
import { DEFAULT_PAGE_SIZE, documentedPageSize, idOf, numeric, PAGE_SIZES, text } from './common.ts';
import { withData } from './envelope.ts';

/**
 * The device API (DECISIONS §6), base /api/v1/device/. The Android apps scan the login QR
 * (`<PUBLIC_URL>/enrol?token=<enrolmentToken>`), enrol, then send `authorization: Device <deviceToken>`.
 * Also the customer calls of issue 4: profile list and apply, device logout, enrolment-token rotation.
 */

/**
 * Long-poll bound of `GET events?wait=N` (seconds; issue 14: an idle fleet of millions polls every few minutes, not
 * every few seconds). A `wait` left out means EVENTS_DEFAULT_WAIT_SECONDS.
 */
export const EVENTS_MAX_WAIT_SECONDS = 300;
export const EVENTS_DEFAULT_WAIT_SECONDS = 60;
/** A device seen within this many minutes is online. */
export const ONLINE_WINDOW_MINUTES = 15;
export const MAX_INVENTORY_APPS = 5000;
export const MAX_LOG_BATCH = 500;

const required = z.minLength(1, { error: 'is required' });
const shortText = (n: number) => text().check(z.trim(), z.maxLength(n, { error: `must be at most ${n} characters` }));
const optionalShortText = (n: number) => z.optional(shortText(n));
const batterySchema = numeric(
  z.coerce
    .number({ error: 'must be a number from 0 to 100' })
    .check(z.int({ error: 'must be a whole number' }), z.gte(0), z.lte(100)),
  'must be a number from 0 to 100',
);

/**
 * The app's Firebase Cloud Messaging registration token, when it has one: with `FCM_CREDENTIALS` set the server
 * sends it a data-only "wake" message so a sleeping app opens `GET events` at once. `null` forgets it.
 */
const fcmTokenSchema = z.optional(
  z.nullable(text().check(z.trim(), z.maxLength(4096, { error: 'must be at most 4096 characters' }))),
);

/**
 * What the app can do (DECISIONS §11): `['lock', 'reboot', 'clear_app_data', 'ring', 'locate', 'lost_mode', 'sync']`
 * (`reboot` needs the app to be device owner). Names this server does not know are kept but never match a command,
 * so a newer app is not refused. Left out: unchanged.
 */
export const capabilitiesSchema = z.optional(
  z
    .array(text().check(z.trim(), z.maxLength(32, { error: 'must be at most 32 characters' })))
    .check(z.maxLength(32, { error: 'must list at most 32 capabilities' })),
);

export const enrolRequestSchema = z.object({
  enrolmentToken: shortText(128).check(required),
  serialNumber: shortText(128).check(required),
  deviceName: z._default(shortText(128), ''),
  /** The app enrolling: a plan code (PD, PDOT, PDOW, SL, PC, UB, KM, POB…) or its family. */
  appName: shortText(16).check(required),
  appVersionCode: z._default(z.pipe(z.union([text(), z.number()]), z.transform(String)), ''),
  deviceModel: z._default(shortText(128), ''),
  osVersion: z._default(shortText(64), ''),
  macAddress: z._default(shortText(64), ''),
  localIpAddress: z._default(shortText(64), ''),
  batteryLevel: z.optional(batterySchema),
  fcmToken: fcmTokenSchema,
  /** Join this group (of the token's customer and the app's family) with its template (DECISIONS §10). */
  groupId: z.optional(idOf('group')),
  capabilities: capabilitiesSchema,
});
export type EnrolRequest = z.input<typeof enrolRequestSchema>;

const enrolResult = { deviceToken: z.string(), profileId: z.string(), deviceId: z.string(), policyVersion: z.int() };
/** The credentials stand at the top level (as DECISIONS §6 writes them) and under `data`. */
export const enrolResponseSchema = z.object({
  respones_msg: z.string(),
  data: z.object(enrolResult),
  ...enrolResult,
});
export type EnrolResponse = z.infer<typeof enrolResponseSchema>;

/** The policy a device applies: the profile fields of spec 2 §3 for its app, frozen at the last Apply. */
export const policyResponseSchema = withData(
  z.object({
    version: z.int(),
    profileId: z.string(),
    appName: z.string(),
    policy: z.record(z.string(), z.unknown()),
  }),
);
export type PolicyResponse = z.infer<typeof policyResponseSchema>;

export const policyAckRequestSchema = z.object({
  version: z.int({ error: 'must be a whole number' }).check(z.gte(0)),
  result: z.enum(['Success', 'Failed'], { error: 'must be Success or Failed' }),
  message: z._default(shortText(1000), ''),
});
export type PolicyAckRequest = z.input<typeof policyAckRequestSchema>;

export const deviceStatusRequestSchema = z.object({
  batteryLevel: z.optional(batterySchema),
  localIpAddress: optionalShortText(64),
  macAddress: optionalShortText(64),
  osVersion: optionalShortText(64),
  appVersionCode: z.optional(z.pipe(z.union([text(), z.number()]), z.transform(String))),
  deviceModel: optionalShortText(128),
  deviceName: optionalShortText(128),
  fcmToken: fcmTokenSchema,
  capabilities: capabilitiesSchema,
  location: z.optional(
    z.nullable(
      z.object({
        latitude: z.number().check(z.gte(-90), z.lte(90)),
        longitude: z.number().check(z.gte(-180), z.lte(180)),
        accuracy: z.optional(z.number().check(z.gte(0))),
      }),
    ),
  ),
});
export type DeviceStatusRequest = z.input<typeof deviceStatusRequestSchema>;

/** One app of the inventory (spec 2 "Device application"). */
export const deviceApplicationSchema = z.object({
  package_name: shortText(255).check(required),
  app_name: z._default(shortText(255), ''),
  app_disable: z._default(z.boolean(), false),
  appIcon: z._default(shortText(2048), ''),
  version_number: z._default(z.pipe(z.union([text(), z.number()]), z.transform(String)), ''),
  app_status: z._default(z.enum(['Installed', 'Uninstalled']), 'Installed'),
  /** 1 = system app. */
  application_type: z._default(z.union([z.literal(0), z.literal(1)]), 0),
});
export type DeviceApplication = z.infer<typeof deviceApplicationSchema>;

export const deviceApplicationsRequestSchema = z.object({
  applications: z
    .array(deviceApplicationSchema)
    .check(z.maxLength(MAX_INVENTORY_APPS, { error: `at most ${MAX_INVENTORY_APPS} applications` })),
});
export type DeviceApplicationsRequest = z.input<typeof deviceApplicationsRequestSchema>;

export const deviceLogsRequestSchema = z.object({
  logs: z
    .array(
      z.object({
        deviceActivity: shortText(255).check(required),
        activityResult: shortText(255).check(required),
        created_at: z.optional(z.iso.datetime({ offset: true, error: 'must be an ISO-8601 time' })),
      }),
    )
    .check(
      z.minLength(1, { error: 'must not be empty' }),
      z.maxLength(MAX_LOG_BATCH, { error: `at most ${MAX_LOG_BATCH}` }),
    ),
});
export type DeviceLogsRequest = z.input<typeof deviceLogsRequestSchema>;

export const deviceExportRequestSchema = z.object({
  exportName: shortText(255).check(required),
  disabledApplications: z.array(shortText(255)).check(z.maxLength(MAX_INVENTORY_APPS)),
});
export type DeviceExportRequest = z.input<typeof deviceExportRequestSchema>;

export const eventsQuerySchema = z.object({
  wait: z._default(
    numeric(
      z.coerce
        .number({ error: `must be a number of seconds from 0 to ${EVENTS_MAX_WAIT_SECONDS}` })
        .check(z.int(), z.gte(0), z.lte(EVENTS_MAX_WAIT_SECONDS)),
    ),
    EVENTS_DEFAULT_WAIT_SECONDS,
  ),
  /** The policy version the device holds: a newer one answers at once. */
  version: z.optional(numeric(z.coerce.number().check(z.int(), z.gte(0)))),
});

export const deviceMessageSchema = z.object({
  _id: z.string(),
  kind: z.enum(['notification', 'command']),
  payload: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type DeviceMessage = z.infer<typeof deviceMessageSchema>;

/** What `GET events` answers: at once when something is pending, else after `wait` seconds with nothing. */
export const eventsResponseSchema = withData(
  z.object({
    policyVersion: z.int(),
    policyChanged: z.boolean(),
    messages: z.array(deviceMessageSchema),
    logout: z.boolean(),
  }),
);
export type EventsResponse = z.infer<typeof eventsResponseSchema>;

/** Customer: `GET profile/list` (spec 2 §7) — appName filters (PDALL: every {product} family); `search` (issue 15). */
export const PROFILE_SORT_FIELDS = ['name', 'created_at'] as const;
export const profileListQuerySchema = z.object({
  appName: z.optional(text().check(z.trim(), z.maxLength(16))),
  /** Free text matched against the serial number, the device name and the app (its code or its name for people). */
  search: z.optional(text().check(z.trim(), z.maxLength(64))),
  /** Only the devices of this group (DECISIONS §10). */
  groupId: z.optional(idOf('group')),
  page: z._default(numeric(z.coerce.number().check(z.int(), z.gte(1))), 1),
  limit: z._default(
    numeric(
      documentedPageSize(
        z.coerce.number().check(
          z.refine((n) => (PAGE_SIZES as readonly number[]).includes(n), {
            error: `must be one of ${PAGE_SIZES.join(', ')}`,
          }),
        ),
      ),
    ),
    DEFAULT_PAGE_SIZE,
  ),
  sort: z._default(z.enum(PROFILE_SORT_FIELDS), 'created_at'),
  order: z._default(z.enum(['asc', 'desc']), 'asc'),
});
export type ProfileListQuery = z.input<typeof profileListQuerySchema>;

export const profileListItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  profileName: z.string(),
  appName: z.string(),
  created_at: z.string(),
  online: z.boolean(),
  lastSeenAt: z.nullable(z.string()),
  policyVersion: z.int(),
  appliedPolicyVersion: z.nullable(z.int()),
  /** The device's group (DECISIONS §10), null when ungrouped. */
  group: z.nullable(z.object({ _id: z.string(), name: z.string() })),
  /** How many settings differ from its group's template version (0 without a group or template). */
  drift: z.int(),
});
export type ProfileListItem = z.infer<typeof profileListItemSchema>;

export const profileListResponseSchema = z.object({
  respones_msg: z.string(),
  data: z.array(profileListItemSchema),
  /** `total` counts at most LIST_COUNT_CAP devices; `totalCapped` when there are more (show "10,000+"). */
  pagination: z.object({ page: z.int(), limit: z.int(), total: z.int(), totalCapped: z.optional(z.boolean()) }),
});
export type ProfileListResponse = z.infer<typeof profileListResponseSchema>;

export const profileIdQuerySchema = z.object({ profileId: idOf('profile') });

/** Customer: `GET profile/apply` — freezes the policy, moves its version and wakes the device. */
export const profileApplyResponseSchema = withData(
  z.object({ profileId: z.string(), policyVersion: z.int(), appliedPolicyVersion: z.nullable(z.int()) }),
);

/** Customer: `GET device/logout?serialNumber=` — revokes the device token and frees the seat. */
export const deviceLogoutQuerySchema = z.object({
  serialNumber: text().check(z.trim(), required, z.maxLength(128)),
  /** Only this app family of the device (a plan or family code); absent: every app of that serial number. */
  appName: z.optional(text().check(z.trim(), z.maxLength(16))),
});
/** How many of the device's apps were logged out now (0: they already were). */
export const deviceLogoutResponseSchema = withData(z.object({ loggedOut: z.int() }));

/** `PUT applications`: how many packages are stored now and how many the new inventory removed. */
export const deviceApplicationsResponseSchema = withData(z.object({ applications: z.int(), removed: z.int() }));
/** `POST logs`: how many rows were stored. */
export const deviceLogsResponseSchema = withData(z.object({ received: z.int() }));
/** `POST exports`: the id of the stored export. */
export const deviceExportResponseSchema = withData(z.object({ _id: z.string() }));

/** `POST policy/ack`: the acknowledged version, the current one and the applied one as recorded. */
export const policyAckResponseSchema = withData(
  z.object({ version: z.int(), currentVersion: z.int(), appliedPolicyVersion: z.nullable(z.int()) }),
);
/** `POST notifications/:id/delivered|opened`. */
export const messageIdParamsSchema = z.object({ id: idOf('message') });
export const messageAckResponseSchema = withData(
  z.object({ _id: z.string(), delivered_at: z.nullable(z.string()), opened_at: z.nullable(z.string()) }),
);
