import { z } from 'zod/mini';
import { DEFAULT_PAGE_SIZE, documentedPageSize, MAX_REQUEST_ITEMS, PAGE_SIZES, idOf, numeric, text } from './common.ts';
import { withData } from './envelope.ts';
import { paginationSchema } from './payments.ts';
import { FAMILIES } from './plans.ts';
import { profileDetailSchema, templateSettingsInputSchema } from './profiles.ts';

/**
 * Fleet operations (DECISIONS §10): policy templates, device groups, staged rollouts and bulk actions, under
 * `/api/v1/admin/`. Field names are DECISIONS' own; every list pages on the server (`page`, `limit`).
 */

const required = z.minLength(1, { error: 'is required' });
const max = (n: number) => z.maxLength(n, { error: `must be at most ${n} characters` });

export const FLEET_NAME_MAX = 100;
/** A name people give a template or a group: trimmed, 1–100 characters. */
export const fleetNameSchema = text().check(z.trim(), required, max(FLEET_NAME_MAX));
const familySchema = z.enum(FAMILIES, { error: `must be one of ${FAMILIES.join(', ')}` });

export const templateIdSchema = idOf('template');
export const groupIdSchema = idOf('group');
export const rolloutIdSchema = idOf('rollout');
export const bulkActionIdSchema = idOf('bulk action');

/** Several profiles at once: 1 to 1,000 distinct ids (more: a whole group, by `groupId`). */
export const profileIdsSchema = z
  .array(idOf('profile'))
  .check(
    z.minLength(1, { error: 'choose at least one device' }),
    z.maxLength(MAX_REQUEST_ITEMS, { error: `must list at most ${MAX_REQUEST_ITEMS} devices (use groupId for more)` }),
  );

/** `page` and `limit` of a server-paged list (fleet operations, remote commands). */
export const pageQuery = {
  page: z._default(
    numeric(
      z.coerce.number().check(z.int({ error: 'must be a whole number' }), z.gte(1, { error: 'must be 1 or more' })),
    ),
    1,
  ),
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
};
/** A list answer: `{respones_msg, data: rows, pagination}`. */
export const listOf = <T extends z.ZodMiniType>(row: T) =>
  z.object({ respones_msg: z.string(), data: z.array(row), pagination: paginationSchema });

export const idParamsOf = (what: string) => z.object({ id: idOf(what) });

// ------------------------------------------------------------------------------------------- templates

/**
 * The settings a template holds: the profile fields of spec 2 §3 (every tab), as `profile/detail` shows them. A
 * `PUT templates/:id {settings}` sends the keys it changes; keys not sent keep their value. The server checks each
 * value with the same rules as the profile calls.
 */
export const templateSettingsSchema = z.extend(
  z.pick(profileDetailSchema, {
    pin: true,
    advancedSettings: true,
    blockUrl: true,
    blockFileUrl: true,
    profileFiles: true,
    keyMapper: true,
    powerCleanerSettings: true,
    enablePowerOnBoot: true,
    shutdownOnDisconnect: true,
    scheduleShutdown: true,
    kioskType: true,
    singleAppKioskPackageName: true,
    browserKioskWebsiteUrl: true,
    browserKioskScreenTimeout: true,
    browserKioskScreenBrightness: true,
    browserKioskScreenOrientation: true,
    browserKioskShowAddressBar: true,
    signageVideoLists: true,
    signageKioskScreenTimeout: true,
    signageKioskScreenBrightness: true,
    signageKioskScreenOrientation: true,
  }),
  {
    /** The uninstall/clear and kiosk application lists (spec 2 "Profile application"). */
    profileApplications: z.array(z.record(z.string(), z.unknown())),
  },
);
export type TemplateSettings = z.infer<typeof templateSettingsSchema>;
export const TEMPLATE_SETTING_KEYS = Object.keys(templateSettingsSchema.shape) as (keyof TemplateSettings)[];

/** `POST templates {name, fromProfileId}`: version 1 is a snapshot of that profile's settings. */
export const templateCreateRequestSchema = z.object({ name: fleetNameSchema, fromProfileId: idOf('profile') });
/**
 * `PUT templates/:id {name?, settings?, fromProfileId?}`: a new version when the settings change (from the keys of
 * `settings` sent, or a new snapshot of a profile); a rename alone keeps the version.
 */
export const templateUpdateRequestSchema = z.object({
  name: z.optional(fleetNameSchema),
  settings: z.optional(templateSettingsInputSchema),
  fromProfileId: z.optional(idOf('profile')),
});
export const templateListQuerySchema = z.object({
  family: z.optional(familySchema),
  search: z.optional(text().check(z.trim(), max(64))),
  ...pageQuery,
});

export const templateVersionSchema = z.object({
  version: z.int(),
  created_at: z.string(),
  /** Who saved it, as the audit log names them. */
  createdBy: z.string(),
  /** What differs from the version before, in plain words ("Disabled factory reset and Bixby"). */
  changes: z.array(z.string()),
});
export const templateListItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  family: z.enum(FAMILIES),
  version: z.int(),
  /** Groups using it. */
  groupCount: z.int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const templateSchema = z.object({
  _id: z.string(),
  name: z.string(),
  family: z.enum(FAMILIES),
  version: z.int(),
  settings: templateSettingsSchema,
  versions: z.array(templateVersionSchema),
  groupCount: z.int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Template = z.infer<typeof templateSchema>;
export const templateResponseSchema = withData(templateSchema);
export const templateListResponseSchema = listOf(templateListItemSchema);

// ------------------------------------------------------------------------------------------- groups

export const groupCreateRequestSchema = z.object({
  name: fleetNameSchema,
  family: familySchema,
  templateId: z.optional(z.nullable(templateIdSchema)),
});
export const groupUpdateRequestSchema = z.object({
  name: z.optional(fleetNameSchema),
  /** null: no template. A change applies the template's current version to every device of the group. */
  templateId: z.optional(z.nullable(templateIdSchema)),
});
export const groupListQuerySchema = z.object({
  family: z.optional(familySchema),
  search: z.optional(text().check(z.trim(), max(64))),
  ...pageQuery,
});
export const groupSchema = z.object({
  _id: z.string(),
  name: z.string(),
  family: z.enum(FAMILIES),
  templateId: z.nullable(z.string()),
  templateName: z.nullable(z.string()),
  templateVersion: z.nullable(z.int()),
  deviceCount: z.int(),
  /** Devices whose settings differ from the group's template version. */
  driftCount: z.int(),
  /** The running or paused rollout of this group, if any. */
  activeRolloutId: z.nullable(z.string()),
  created_at: z.string(),
});
export type Group = z.infer<typeof groupSchema>;
export const groupResponseSchema = withData(groupSchema);
export const groupListResponseSchema = listOf(groupSchema);
export const groupDevicesRequestSchema = z.object({ profileIds: profileIdsSchema });
export const groupDevicesResponseSchema = withData(
  z.object({ groupId: z.string(), added: z.int(), removed: z.int(), deviceCount: z.int() }),
);

/** A device's group as `profile/list` answers it. */
export const profileGroupRefSchema = z.nullable(z.object({ _id: z.string(), name: z.string() }));

/** `GET profile/drift?profileId=`: the settings that differ from its group's template version, in plain words. */
export const profileDriftResponseSchema = withData(
  z.object({
    profileId: z.string(),
    group: profileGroupRefSchema,
    templateId: z.nullable(z.string()),
    templateVersion: z.nullable(z.int()),
    drift: z.int(),
    differences: z.array(z.string()),
  }),
);

// ------------------------------------------------------------------------------------------- rollouts

export const ROLLOUT_STATES = ['running', 'paused', 'completed', 'cancelled', 'rolled_back'] as const;
export type RolloutState = (typeof ROLLOUT_STATES)[number];
/** A device of a rollout: `waiting` for its stage, then `pending` until it acknowledges, or times out, or stays away. */
export const ROLLOUT_DEVICE_STATES = ['waiting', 'pending', 'succeeded', 'failed', 'rolled_back'] as const;
export type RolloutDeviceState = (typeof ROLLOUT_DEVICE_STATES)[number];

export const ROLLOUT_DEFAULTS = {
  stages: [
    { percent: 5, soakSeconds: 3600 },
    { percent: 25, soakSeconds: 3600 },
    { percent: 100, soakSeconds: 3600 },
  ],
  pauseWhen: { failedPercent: 10, minDevices: 3 },
  ackTimeoutSeconds: 900,
} as const;
export const MAX_ROLLOUT_STAGES = 10;
export const MAX_SOAK_SECONDS = 7 * 86_400;
export const MIN_ACK_TIMEOUT_SECONDS = 30;
export const MAX_ACK_TIMEOUT_SECONDS = 7 * 86_400;

const wholeNumber = (what: string, min: number, maxValue: number) =>
  z
    .int({ error: `must be a whole number of ${what}` })
    .check(
      z.gte(min, { error: `must be at least ${min}` }),
      z.lte(maxValue, { error: `must be at most ${maxValue.toLocaleString('en-GB')}` }),
    );

export const rolloutStageSchema = z.object({
  percent: z
    .int({ error: 'must be a whole percentage' })
    .check(z.gte(1, { error: 'must be from 1 to 100' }), z.lte(100, { error: 'must be from 1 to 100' })),
  soakSeconds: wholeNumber('seconds', 0, MAX_SOAK_SECONDS),
});

export const rolloutCreateRequestSchema = z
  .object({
    templateId: templateIdSchema,
    /** Default: the template's current version. */
    version: z.optional(z.int({ error: 'must be a version number' }).check(z.gte(1, { error: 'must be 1 or more' }))),
    groupId: z.optional(groupIdSchema),
    profileIds: z.optional(profileIdsSchema),
    stages: z._default(
      z.array(rolloutStageSchema).check(
        z.minLength(1, { error: 'needs at least one stage' }),
        z.maxLength(MAX_ROLLOUT_STAGES, { error: `must have at most ${MAX_ROLLOUT_STAGES} stages` }),
        z.refine((s) => s.every((st, i) => i === 0 || st.percent > s[i - 1]!.percent), {
          error: 'each stage must reach a larger percentage than the one before',
        }),
        z.refine((s) => s.at(-1)?.percent === 100, { error: 'the last stage must reach 100%' }),
      ),
      () => ROLLOUT_DEFAULTS.stages.map((s) => ({ ...s })),
    ),
    pauseWhen: z._default(
      z.object({
        failedPercent: z
          .int({ error: 'must be a whole percentage' })
          .check(z.gte(1, { error: 'must be from 1 to 100' }), z.lte(100, { error: 'must be from 1 to 100' })),
        minDevices: wholeNumber('devices', 1, 1_000_000),
      }),
      () => ({ ...ROLLOUT_DEFAULTS.pauseWhen }),
    ),
    ackTimeoutSeconds: z._default(
      wholeNumber('seconds', MIN_ACK_TIMEOUT_SECONDS, MAX_ACK_TIMEOUT_SECONDS),
      ROLLOUT_DEFAULTS.ackTimeoutSeconds,
    ),
  })
  .check(
    z.refine((r) => (r.groupId === undefined) !== (r.profileIds === undefined), {
      error: 'send either groupId or profileIds',
      path: ['groupId'],
    }),
  );
export type RolloutCreateRequest = z.input<typeof rolloutCreateRequestSchema>;

export const rolloutCountsSchema = z.object({
  waiting: z.int(),
  pending: z.int(),
  succeeded: z.int(),
  failed: z.int(),
  /** Devices a rollback gave their settings from before the rollout again (they leave the other counts). */
  rolledBack: z.int(),
});
export const rolloutSchema = z.object({
  _id: z.string(),
  state: z.enum(ROLLOUT_STATES),
  templateId: z.string(),
  templateName: z.string(),
  version: z.int(),
  family: z.enum(FAMILIES),
  groupId: z.nullable(z.string()),
  groupName: z.nullable(z.string()),
  stageIndex: z.int(),
  stages: z.array(
    z.object({
      percent: z.int(),
      soakSeconds: z.int(),
      /** Devices of this stage. */
      size: z.int(),
      startedAt: z.nullable(z.string()),
      counts: rolloutCountsSchema,
    }),
  ),
  pauseWhen: z.object({ failedPercent: z.int(), minDevices: z.int() }),
  ackTimeoutSeconds: z.int(),
  counts: rolloutCountsSchema,
  total: z.int(),
  pausedReason: z.nullable(z.string()),
  createdBy: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  finishedAt: z.nullable(z.string()),
});
export type Rollout = z.infer<typeof rolloutSchema>;
export const rolloutResponseSchema = withData(rolloutSchema);
export const rolloutListQuerySchema = z.object({
  state: z.optional(z.enum(ROLLOUT_STATES)),
  groupId: z.optional(groupIdSchema),
  templateId: z.optional(templateIdSchema),
  ...pageQuery,
});
export const rolloutListResponseSchema = listOf(rolloutSchema);
export const rolloutDevicesQuerySchema = z.object({
  state: z.optional(z.enum(ROLLOUT_DEVICE_STATES)),
  stage: z.optional(numeric(z.coerce.number().check(z.int(), z.gte(0), z.lt(MAX_ROLLOUT_STAGES)))),
  ...pageQuery,
});
export const rolloutDeviceSchema = z.object({
  profileId: z.string(),
  serialNumber: z.string(),
  deviceName: z.string(),
  stage: z.int(),
  state: z.enum(ROLLOUT_DEVICE_STATES),
  /** The device's message with a failed acknowledgement, or why it failed ("did not acknowledge within 900 s"). */
  message: z.nullable(z.string()),
  /** When it reached its state. */
  at: z.nullable(z.string()),
});
export const rolloutDevicesResponseSchema = listOf(rolloutDeviceSchema);

// ------------------------------------------------------------------------------------------- bulk actions

export const BULK_ACTIONS = ['move-to-group', 'logout'] as const;
export type BulkActionKind = (typeof BULK_ACTIONS)[number];
export const BULK_ACTION_STATES = ['queued', 'running', 'completed', 'failed'] as const;

export const bulkActionCreateRequestSchema = z
  .object({
    action: z.enum(BULK_ACTIONS, { error: `must be one of ${BULK_ACTIONS.join(', ')}` }),
    profileIds: z.optional(profileIdsSchema),
    groupId: z.optional(groupIdSchema),
    targetGroupId: z.optional(groupIdSchema),
  })
  .check(
    z.refine((r) => (r.groupId === undefined) !== (r.profileIds === undefined), {
      error: 'send either groupId or profileIds',
      path: ['profileIds'],
    }),
    z.refine((r) => r.action !== 'move-to-group' || r.targetGroupId !== undefined, {
      error: 'is required to move devices to a group',
      path: ['targetGroupId'],
    }),
  );
export const bulkActionSchema = z.object({
  _id: z.string(),
  action: z.enum(BULK_ACTIONS),
  state: z.enum(BULK_ACTION_STATES),
  total: z.int(),
  done: z.int(),
  failed: z.int(),
  targetGroupId: z.nullable(z.string()),
  created_at: z.string(),
  finishedAt: z.nullable(z.string()),
  /** Per-device results, a page of them (`GET bulk-actions/:id?page=&limit=`). */
  results: z.array(
    z.object({
      profileId: z.string(),
      serialNumber: z.string(),
      state: z.enum(['pending', 'done', 'failed']),
      message: z.nullable(z.string()),
    }),
  ),
  pagination: paginationSchema,
});
export const bulkActionResponseSchema = withData(bulkActionSchema);
export const bulkActionQuerySchema = z.object({
  state: z.optional(z.enum(['pending', 'done', 'failed'])),
  ...pageQuery,
});
