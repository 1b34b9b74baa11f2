import { z } from 'zod/mini';
import { idOf, text } from './common.ts';
import { withData } from './envelope.ts';
import { groupIdSchema, listOf, pageQuery, profileIdsSchema } from './fleet.ts';
import { packageNameSchema } from './profiles.ts';

/**
 * Remote commands (DECISIONS §11): a command to chosen devices or a group, a ledger row per device, the device's
 * result. Customer calls under `/api/v1/admin/commands`, the device's result under `/api/v1/device/commands/:id/result`
 * (`:id` is the `_id` of the message that carried the command in `GET events`). Field names are DECISIONS' own;
 * timestamps are ISO-8601 in `created_at`, `delivered_at`, `finished_at`, `expires_at`.
 */

export const COMMAND_TYPES = ['lock', 'reboot', 'clear_app_data', 'ring', 'locate', 'lost_mode', 'sync'] as const;
export type CommandType = (typeof COMMAND_TYPES)[number];

/** What an app says it can do, in `POST enrol` and `POST status` (`reboot` needs the app to be device owner). */
export const DEVICE_CAPABILITIES = COMMAND_TYPES;
export type DeviceCapability = CommandType;

/** The ledger states of one device's command. */
export const COMMAND_DEVICE_STATES = [
  'queued',
  'delivered',
  'succeeded',
  'failed',
  'expired',
  'cancelled',
  'unsupported',
] as const;
export type CommandDeviceState = (typeof COMMAND_DEVICE_STATES)[number];
/** States a row never leaves. */
export const FINAL_COMMAND_DEVICE_STATES = [
  'succeeded',
  'failed',
  'expired',
  'cancelled',
  'unsupported',
] as const satisfies readonly CommandDeviceState[];

/** The channel that carried a command to the device: its open `GET events`, or an FCM wake that made it ask. */
export const COMMAND_CHANNELS = ['long-poll', 'fcm'] as const;
export type CommandChannel = (typeof COMMAND_CHANNELS)[number];

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;
/** Default expiry per type (DECISIONS §11). */
export const COMMAND_DEFAULT_EXPIRY_SECONDS: Record<CommandType, number> = {
  lock: 7 * DAY,
  lost_mode: 7 * DAY,
  clear_app_data: DAY,
  reboot: HOUR,
  ring: 10 * MINUTE,
  locate: 10 * MINUTE,
  sync: 10 * MINUTE,
};
export const COMMAND_MIN_EXPIRY_SECONDS = MINUTE;
export const COMMAND_MAX_EXPIRY_SECONDS = 30 * DAY;
/** `lock` and `lost_mode` go ahead of anything else queued for the device. */
export const URGENT_COMMAND_TYPES = ['lock', 'lost_mode'] as const satisfies readonly CommandType[];
export const RING_MAX_SECONDS = 300;
export const RING_DEFAULT_SECONDS = 30;
export const COMMAND_MESSAGE_MAX = 200;
/** Located positions are kept this long, then the result is cleared (DECISIONS §11). */
export const LOCATE_RESULT_DAYS = 30;
/** Ledger rows are kept this long (dropped with their monthly partition). */
export const COMMAND_LEDGER_DAYS = 90;

/** Plain words for each type, as the console and the audit log say them. */
export const COMMAND_LABELS: Record<CommandType, string> = {
  lock: 'Lock',
  reboot: 'Reboot',
  clear_app_data: 'Clear app data',
  ring: 'Ring',
  locate: 'Locate',
  lost_mode: 'Lost mode',
  sync: 'Sync',
};

/** Why a device cannot run a type: the preflight's reason ("788 of 1,200 cannot reboot: the app is not device owner"). */
export const NOT_CAPABLE_REASONS: Record<CommandType, string> = {
  lock: 'the app cannot lock the screen',
  reboot: 'the app is not device owner',
  clear_app_data: 'the app cannot clear app data',
  ring: 'the app cannot ring the device',
  locate: 'the app cannot read the location',
  lost_mode: 'the app cannot enter lost mode',
  sync: 'the app cannot sync on request',
};
/** A device whose app never reported its capabilities (an app build from before commands). */
export const CAPABILITIES_UNKNOWN_REASON = 'the app has not reported what it can do (update the app)';
/** A device logged out: nothing reaches it. */
export const LOGGED_OUT_REASON = 'the device is logged out';

const trimmed = (n: number) => text().check(z.trim(), z.maxLength(n, { error: `must be at most ${n} characters` }));

/** The params of each type; a type without params takes none (an empty object, or none at all). */
const noParams = z._default(z.strictObject({}, { error: 'this command takes no params' }), {});
export const commandParamsSchemas = {
  lock: z._default(z.strictObject({ message: z.optional(trimmed(COMMAND_MESSAGE_MAX)) }), {}),
  reboot: noParams,
  clear_app_data: z.strictObject({ packageName: packageNameSchema }, { error: 'must name the app: {packageName}' }),
  ring: z._default(
    z.strictObject({
      seconds: z._default(
        z
          .int({ error: `must be a whole number of seconds from 1 to ${RING_MAX_SECONDS}` })
          .check(
            z.gte(1, { error: `must be from 1 to ${RING_MAX_SECONDS} seconds` }),
            z.lte(RING_MAX_SECONDS, { error: `must be from 1 to ${RING_MAX_SECONDS} seconds` }),
          ),
        RING_DEFAULT_SECONDS,
      ),
    }),
    { seconds: RING_DEFAULT_SECONDS },
  ),
  locate: noParams,
  lost_mode: z.strictObject(
    {
      enabled: z.boolean({ error: 'must be true (turn lost mode on) or false (turn it off)' }),
      message: z.optional(trimmed(COMMAND_MESSAGE_MAX)),
      phone: z.optional(trimmed(32)),
    },
    { error: 'must say {enabled: true} or {enabled: false}' },
  ),
  sync: noParams,
} as const;
export type CommandParams = { [T in CommandType]: z.output<(typeof commandParamsSchemas)[T]> };

const expirySchema = z.optional(
  z
    .int({ error: 'must be a whole number of seconds' })
    .check(
      z.gte(COMMAND_MIN_EXPIRY_SECONDS, { error: `must be at least ${COMMAND_MIN_EXPIRY_SECONDS} seconds` }),
      z.lte(COMMAND_MAX_EXPIRY_SECONDS, { error: `must be at most ${COMMAND_MAX_EXPIRY_SECONDS} seconds (30 days)` }),
    ),
);
const typeSchema = z.enum(COMMAND_TYPES, { error: `must be one of ${COMMAND_TYPES.join(', ')}` });
/**
 * A command's `params` and a device's `result` on the wire: a flat object of short keys and plain values (text, numbers,
 * true/false, null), bounded like every request; each type's own rules come after (`commandParamsSchemas`,
 * `locateResultSchema`).
 */
const flatRecordSchema = z.record(
  text().check(z.maxLength(64, { error: 'must be at most 64 characters' })),
  z.union(
    [text().check(z.maxLength(1000, { error: 'must be at most 1000 characters' })), z.number(), z.boolean(), z.null()],
    { error: 'must be text, a number, true or false' },
  ),
);

/** Either `groupId` or `profileIds`, never both nor neither. */
const oneTarget = <T extends { groupId?: string | undefined; profileIds?: string[] | undefined }>() =>
  z.refine<T>((r) => (r.groupId === undefined) !== (r.profileIds === undefined), {
    error: 'send either groupId or profileIds',
    path: ['profileIds'],
  });

/**
 * `POST commands {type, profileIds | groupId, params?, expiresInSeconds?}` with an optional `Idempotency-Key` header.
 * `params` is checked against the type's rules (`commandParamsSchemas`) by the server, each field named in the message.
 */
export const commandCreateRequestSchema = z
  .object({
    type: typeSchema,
    profileIds: z.optional(profileIdsSchema),
    groupId: z.optional(groupIdSchema),
    params: z.optional(flatRecordSchema),
    expiresInSeconds: expirySchema,
  })
  .check(oneTarget());
export type CommandCreateRequest = z.input<typeof commandCreateRequestSchema>;

/** `POST commands/preflight {type, profileIds | groupId}`. */
export const commandPreflightRequestSchema = z
  .object({ type: typeSchema, profileIds: z.optional(profileIdsSchema), groupId: z.optional(groupIdSchema) })
  .check(oneTarget());
export const commandPreflightSchema = z.object({
  total: z.int(),
  capable: z.int(),
  notCapable: z.array(z.object({ reason: z.string(), count: z.int() })),
});
export type CommandPreflight = z.infer<typeof commandPreflightSchema>;
export const commandPreflightResponseSchema = withData(commandPreflightSchema);

export const commandCountsSchema = z.object({
  queued: z.int(),
  delivered: z.int(),
  succeeded: z.int(),
  failed: z.int(),
  expired: z.int(),
  cancelled: z.int(),
  unsupported: z.int(),
});
export type CommandCounts = z.infer<typeof commandCountsSchema>;

export const commandSchema = z.object({
  _id: z.string(),
  type: z.enum(COMMAND_TYPES),
  params: z.record(z.string(), z.unknown()),
  /** The group it was sent to, or null for chosen devices. */
  groupId: z.nullable(z.string()),
  groupName: z.nullable(z.string()),
  /** Devices targeted. */
  total: z.int(),
  counts: commandCountsSchema,
  /** Who sent it: the customer's email, or "email (staff)" in a login-as session. */
  createdBy: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  /** True until every device's ledger row is written (the fan-out runs as background jobs). */
  fanningOut: z.boolean(),
});
export type Command = z.infer<typeof commandSchema>;
export const commandResponseSchema = withData(commandSchema);

/** `GET commands`, newest first; `profileId`: the commands one device received (its history). */
export const commandListQuerySchema = z.object({
  type: z.optional(typeSchema),
  profileId: z.optional(idOf('profile')),
  ...pageQuery,
});
export const commandListResponseSchema = listOf(commandSchema);

export const commandIdParamsSchema = z.object({ id: idOf('command') });

export const commandDevicesQuerySchema = z.object({
  state: z.optional(z.enum(COMMAND_DEVICE_STATES, { error: `must be one of ${COMMAND_DEVICE_STATES.join(', ')}` })),
  ...pageQuery,
});

/** `locate`'s result: where the device is. */
export const locateResultSchema = z.object({
  latitude: z.number({ error: 'must be a number from -90 to 90' }).check(z.gte(-90), z.lte(90)),
  longitude: z.number({ error: 'must be a number from -180 to 180' }).check(z.gte(-180), z.lte(180)),
  accuracy: z.optional(z.number({ error: 'must be metres' }).check(z.gte(0))),
});
export type LocateResult = z.infer<typeof locateResultSchema>;

/** One device's row of the ledger. */
export const commandDeviceSchema = z.object({
  /** The id of the message that carried it (the device reports on it by this id). */
  _id: z.string(),
  profileId: z.string(),
  serialNumber: z.string(),
  deviceName: z.string(),
  state: z.enum(COMMAND_DEVICE_STATES),
  channel: z.nullable(z.enum(COMMAND_CHANNELS)),
  /** The device's result (`locate`: `{latitude, longitude, accuracy}`, cleared after 30 days). */
  result: z.nullable(z.record(z.string(), z.unknown())),
  /** The device's message, or why the row ended ("expired before the device asked"). */
  message: z.nullable(z.string()),
  created_at: z.string(),
  delivered_at: z.nullable(z.string()),
  finished_at: z.nullable(z.string()),
});
export type CommandDevice = z.infer<typeof commandDeviceSchema>;
export const commandDevicesResponseSchema = listOf(commandDeviceSchema);

/** `POST commands/:id/cancel`: the command after its undelivered rows became `cancelled`, and how many did. */
export const commandCancelResponseSchema = z.object({
  respones_msg: z.string(),
  data: commandSchema,
  cancelled: z.int(),
});

// ------------------------------------------------------------------------------------------- device side

/** `POST /api/v1/device/commands/:id/result` (`:id`: the message `_id`). */
export const commandResultRequestSchema = z.object({
  state: z.enum(['succeeded', 'failed'], { error: 'must be succeeded or failed' }),
  result: z.optional(flatRecordSchema),
  message: z.optional(trimmed(1000)),
});
export type CommandResultRequest = z.input<typeof commandResultRequestSchema>;
export const commandResultResponseSchema = withData(
  z.object({ _id: z.string(), state: z.enum(COMMAND_DEVICE_STATES), finished_at: z.nullable(z.string()) }),
);

/** The message payload of a command in `GET events` (`kind: 'command'`). */
export interface CommandMessagePayload {
  commandId: string;
  type: CommandType;
  params: Record<string, unknown>;
}
