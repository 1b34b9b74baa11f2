import { z } from 'zod/mini';
import { idOf, text } from './common.ts';
import { withData } from './envelope.ts';

/**
 * Customer profile calls of spec 2 §7 under /api/v1/admin/ (`profile/*`, `device/playstore/search`).
 * Field names as the spec spells them (DECISIONS §2), typos included. Every profile call answers 404
 * `E_PROFILE_NOT_FOUND` for a profile of another customer, and 402 with `redirectToPaymentPage: 1` when
 * the profile's app family has more enrolled devices than purchased licences (DECISIONS §5).
 */

// ------------------------------------------------------------------------------------------- vocabulary

/** The 19 Samsung-only switches of spec 2 §3 "Advanced settings" (spelling as the apps speak it). */
export const ADVANCED_SETTINGS = [
  'disableFactoryReset',
  'disableHomeKey',
  'disableBackKey',
  'disableRecentsKey',
  'disablePowerKey',
  'disableVolumeUpKey',
  'disableVolumeDownKey',
  'DisableOSUpdates',
  'DisableBluetooth',
  'disableWiFi',
  'disableGPS',
  'disableMultiWindow',
  'disableUsbDebugging',
  'disableUnknownSource',
  'disableOverTheAir',
  'disbableBixbyPackages',
  'disableCarboardAppsOnGearVR',
  'disableStatusBar',
  'disableFirmwareUpgrades',
] as const;
export type AdvancedSettingKey = (typeof ADVANCED_SETTINGS)[number];

export const POWER_CLEANER_SETTINGS = [
  'clearBrowserCoockies',
  'clearCache',
  'clearNotifications',
  'clearRecentApps',
  'clearcallLogs',
] as const;
export type PowerCleanerSettingKey = (typeof POWER_CLEANER_SETTINGS)[number];

export const KIOSK_TYPES = ['None', 'Single App', 'Multi App', 'Browser', 'Signage'] as const;
export type KioskType = (typeof KIOSK_TYPES)[number];
export const SCREEN_ORIENTATIONS = ['Auto', 'Portrait', 'Landscape'] as const;
export type ScreenOrientation = (typeof SCREEN_ORIENTATIONS)[number];
export const KEY_NAMES = [
  'BACK_KEY',
  'RECENT_KEY',
  'HOME_KEY',
  'VOLUME_UP_KEY',
  'VOLUME_DOWN_KEY',
  'POWER_KEY',
] as const;
export const KEY_EVENTS = ['SINGLE_TAP', 'DOUBLE_TAP', 'LONG_PRESS'] as const;
export const SCHEDULE_TYPES = ['Daily', 'Weekly'] as const;
export const WEEK_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
/** Per-entry action of an uninstall/clear list (spec 2 §4). */
export const APPLICATION_ACTIONS = ['Uninstall', 'Clear Data'] as const;
export type ApplicationAction = (typeof APPLICATION_ACTIONS)[number];
/**
 * Which list of a profile an entry belongs to: absent/null = the profile's uninstall/clear list (Power Cleaner's
 * Applications tab); 'Super Lock' = Super Lock's Cleaner Apps list; 'Kiosk' = Super Lock's Multi App kiosk list.
 */
export const PRODUCT_TYPES = ['Super Lock', 'Kiosk'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const BRIGHTNESS_MAX = 255;
/** A day: the longest screen timeout worth setting. */
export const SCREEN_TIMEOUT_MAX_SECONDS = 86_400;
export const PIN_PATTERN = /^\d{4,12}$/;
export const MAX_PROFILE_LIST_ENTRIES = 500;
export const MAX_SIGNAGE_VIDEOS = 50;

// ------------------------------------------------------------------------------------------- field rules

const required = z.minLength(1, { error: 'is required' });
const maxLen = (n: number) => z.maxLength(n, { error: `must be at most ${n} characters` });
const bool = () => z.boolean({ error: 'must be true or false' });
const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of ${values.join(', ')}` });

/** http(s) URL (spec 2 validation: URLs must be http(s) URLs). */
export const isHttpUrl = (v: string) => {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
};
export const httpUrlSchema = text().check(
  z.trim(),
  required,
  maxLen(2048),
  z.refine(isHttpUrl, { error: 'must be an http(s) URL such as https://example.com' }),
);
/** An http(s) URL, or '' to clear. */
export const optionalHttpUrlSchema = text().check(
  z.trim(),
  maxLen(2048),
  z.refine((v) => v === '' || isHttpUrl(v), { error: 'must be an http(s) URL such as https://example.com' }),
);

/** Absolute file path on the device: starts with '/', no '..' segments, no control characters. */
export const isAbsoluteDevicePath = (v: string) =>
  v.startsWith('/') && !v.split('/').includes('..') && ![...v].some((c) => c.charCodeAt(0) < 0x20);
export const filePathSchema = text().check(
  z.trim(),
  required,
  maxLen(1024),
  z.refine(isAbsoluteDevicePath, { error: 'must be an absolute path such as /sdcard/Download/report.pdf' }),
);

/** Android package name, e.g. com.android.chrome. */
export const packageNameSchema = text().check(
  z.trim(),
  required,
  maxLen(255),
  z.regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$/, {
    error: 'must be an Android package name such as com.android.chrome',
  }),
);

export const profileIdSchema = idOf('profile');
const entryIdSchema = idOf('entry');

export const pinSchema = text().check(
  z.trim(),
  z.refine((v) => v === '' || PIN_PATTERN.test(v), { error: 'must be 4 to 12 digits (empty: no pin)' }),
);

const screenTimeoutSchema = z.nullable(
  z
    .int({ error: 'must be a whole number of seconds' })
    .check(
      z.gte(0, { error: 'must be 0 or more seconds' }),
      z.lte(SCREEN_TIMEOUT_MAX_SECONDS, { error: `must be at most ${SCREEN_TIMEOUT_MAX_SECONDS} seconds` }),
    ),
);
const brightnessSchema = z.nullable(
  z
    .int({ error: `must be a whole number from 0 to ${BRIGHTNESS_MAX}` })
    .check(
      z.gte(0, { error: `must be from 0 to ${BRIGHTNESS_MAX}` }),
      z.lte(BRIGHTNESS_MAX, { error: `must be from 0 to ${BRIGHTNESS_MAX}` }),
    ),
);

/** Only the 19 keys, booleans; keys not sent keep their value. */
export const advancedSettingsSchema = z.strictObject(
  Object.fromEntries(ADVANCED_SETTINGS.map((k) => [k, z.optional(bool())])) as Record<
    AdvancedSettingKey,
    z.ZodMiniOptional<z.ZodMiniBoolean>
  >,
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `unknown setting ${issue.keys.join(', ')}` : 'must be an object',
  },
);
export type AdvancedSettingsInput = z.infer<typeof advancedSettingsSchema>;

export const powerCleanerSettingsSchema = z.strictObject(
  Object.fromEntries(POWER_CLEANER_SETTINGS.map((k) => [k, z.optional(bool())])) as Record<
    PowerCleanerSettingKey,
    z.ZodMiniOptional<z.ZodMiniBoolean>
  >,
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `unknown setting ${issue.keys.join(', ')}` : 'must be an object',
  },
);

export const scheduleTimeSchema = text().check(
  z.trim(),
  z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'must be a time HH:MM (00:00 to 23:59)' }),
);

/** Daily: days dropped. Weekly: at least one day, each once. */
export const scheduleShutdownSchema = z.pipe(
  z.object({
    scheduleType: oneOf(SCHEDULE_TYPES),
    scheduleTime: scheduleTimeSchema,
    days: z._default(
      z.array(oneOf(WEEK_DAYS)).check(z.maxLength(WEEK_DAYS.length, { error: 'lists each day once' })),
      [],
    ),
  }),
  z.transform((s, ctx) => {
    if (s.scheduleType === 'Daily') return { ...s, days: [] as (typeof WEEK_DAYS)[number][] };
    if (s.days.length === 0) {
      ctx.issues.push({
        code: 'custom',
        input: s.days,
        path: ['days'],
        message: 'choose at least one day for a weekly schedule',
      });
      return z.NEVER;
    }
    return { ...s, days: WEEK_DAYS.filter((d) => s.days.includes(d)) };
  }),
);

// ------------------------------------------------------------------------------------------- entities

export const keyMapperEntrySchema = z.object({
  _id: z.string(),
  packageName: z.string(),
  keyName: z.enum(KEY_NAMES),
  keyEvent: z.enum(KEY_EVENTS),
  created_at: z.string(),
});
export type KeyMapperEntry = z.infer<typeof keyMapperEntrySchema>;

export const scheduleShutdownValueSchema = z.object({
  scheduleType: z.enum(SCHEDULE_TYPES),
  scheduleTime: z.string(),
  days: z.array(z.enum(WEEK_DAYS)),
});

/** Spec 2 §3 "Profile", as `profile/detail` answers it, plus the delivery state of its policy. */
export const profileDetailSchema = z.object({
  _id: z.string(),
  /** The serial number. */
  name: z.string(),
  /** The device name. */
  profileName: z.string(),
  appName: z.string(),
  family: z.string(),
  created_at: z.string(),
  pin: z.string(),
  profileCounter: z.int(),
  advancedSettings: z.record(z.enum(ADVANCED_SETTINGS), z.boolean()),
  blockUrl: z.array(z.string()),
  blockFileUrl: z.string(),
  profileFiles: z.array(z.string()),
  keyMapper: z.array(keyMapperEntrySchema),
  powerCleanerSettings: z.record(z.enum(POWER_CLEANER_SETTINGS), z.boolean()),
  enablePowerOnBoot: z.boolean(),
  shutdownOnDisconnect: z.boolean(),
  scheduleShutdown: z.nullable(scheduleShutdownValueSchema),
  kioskType: z.enum(KIOSK_TYPES),
  singleAppKioskPackageName: z.string(),
  browserKioskWebsiteUrl: z.string(),
  browserKioskScreenTimeout: z.nullable(z.int()),
  browserKioskScreenBrightness: z.nullable(z.int()),
  browserKioskScreenOrientation: z.enum(SCREEN_ORIENTATIONS),
  browserKioskShowAddressBar: z.boolean(),
  signageVideoLists: z.array(z.string()),
  signageKioskScreenTimeout: z.nullable(z.int()),
  signageKioskScreenBrightness: z.nullable(z.int()),
  signageKioskScreenOrientation: z.enum(SCREEN_ORIENTATIONS),
  /** Moves on each Apply. */
  policyVersion: z.int(),
  /** The version the device last acknowledged (null: never). Up to date when equal to policyVersion. */
  appliedPolicyVersion: z.nullable(z.int()),
  appliedResult: z.nullable(z.enum(['Success', 'Failed'])),
  appliedMessage: z.nullable(z.string()),
  appliedAt: z.nullable(z.string()),
  /** True when settings changed since the last Apply (the device does not have them yet). */
  hasUnappliedChanges: z.boolean(),
  online: z.boolean(),
  lastSeenAt: z.nullable(z.string()),
});
export type ProfileDetail = z.infer<typeof profileDetailSchema>;
export const profileDetailResponseSchema = withData(profileDetailSchema);
export type ProfileDetailResponse = z.infer<typeof profileDetailResponseSchema>;

/** Spec 2 "Device application", plus the console's pending choice. */
export const deviceApplicationItemSchema = z.object({
  package_name: z.string(),
  app_name: z.string(),
  /** As the device last reported it. */
  app_disable: z.boolean(),
  /** The console's choice not yet reported back by the device (null: none). Goes to the device on Apply. */
  desired_disable: z.nullable(z.boolean()),
  appIcon: z.string(),
  version_number: z.string(),
  app_status: z.string(),
  /** 1 = system app. */
  application_type: z.int(),
  /** `true` when staff marked the package as bloatware (DECISIONS §8): shown as "Suggested to disable"; else absent. */
  suggested_disable: z.optional(z.boolean()),
});
export type DeviceApplicationItem = z.infer<typeof deviceApplicationItemSchema>;

/** Spec 2 "Device detail". */
export const deviceDetailSchema = z.object({
  profileId: z.string(),
  serialNumber: z.string(),
  deviceName: z.string(),
  appName: z.string(),
  appVersionCode: z.string(),
  appInstallationDate: z.nullable(z.string()),
  batteryLevel: z.nullable(z.int()),
  deviceModel: z.string(),
  localIpAddress: z.string(),
  macAddress: z.string(),
  osVersion: z.string(),
  location: z.nullable(z.object({ latitude: z.number(), longitude: z.number(), accuracy: z.optional(z.number()) })),
  online: z.boolean(),
  lastSeenAt: z.nullable(z.string()),
  applications: z.array(deviceApplicationItemSchema),
  /** Applications the device reported in all (before the filters). */
  applicationsTotal: z.int(),
  /** What the app reported it can do (DECISIONS §11); null: never reported (an app from before commands). */
  capabilities: z.nullable(z.array(z.string())),
  /** Lost mode while on (a `lost_mode {enabled: true}` the device confirmed, not yet turned off), else null. */
  lostMode: z.nullable(z.object({ message: z.nullable(z.string()), phone: z.nullable(z.string()), since: z.string() })),
});
export type DeviceDetail = z.infer<typeof deviceDetailSchema>;
export const deviceDetailResponseSchema = withData(deviceDetailSchema);

const boolQuery = z.pipe(
  z.union([z.boolean(), z.enum(['true', 'false', '1', '0'], { error: 'must be true or false' })], {
    error: 'must be true or false',
  }),
  z.transform((v) => v === true || v === 'true' || v === '1'),
);

/** `GET profile/device/detail`: filters of the Applications tab. */
export const deviceDetailQuerySchema = z.object({
  profileId: profileIdSchema,
  /** Search in package and app name. */
  packageName: z.optional(text().check(z.trim(), maxLen(255))),
  applicationStatus: z.optional(z.enum(['Enabled', 'Disabled'], { error: 'must be Enabled or Disabled' })),
  applicationInstallStatus: z.optional(
    z.enum(['Installed', 'Uninstalled'], { error: 'must be Installed or Uninstalled' }),
  ),
  showSystemApp: z._default(boolQuery, false),
});
export type DeviceDetailQuery = z.input<typeof deviceDetailQuerySchema>;

/** Spec 2 "Profile application" (uninstall/clear list, Super Lock cleaner apps, kiosk list). */
export const profileApplicationSchema = z.object({
  _id: z.string(),
  appPackageName: z.string(),
  appIcon: z.string(),
  status: z.enum(APPLICATION_ACTIONS),
  appDetails: z.object({ title: z.string(), icon: z.string(), appId: z.string() }),
  productType: z.nullable(z.enum(PRODUCT_TYPES)),
  created_at: z.string(),
});
export type ProfileApplication = z.infer<typeof profileApplicationSchema>;
export const profileApplicationsResponseSchema = withData(z.array(profileApplicationSchema));

export const profileApplicationsQuerySchema = z.object({
  profileId: profileIdSchema,
  productType: z.optional(oneOf(PRODUCT_TYPES)),
});

// ------------------------------------------------------------------------------------------- requests

/** `POST profile/update`: any of pin, advancedSettings, blockFileUrl (at least one). */
export const profileUpdateRequestSchema = z.pipe(
  z.object({
    profileId: profileIdSchema,
    pin: z.optional(pinSchema),
    advancedSettings: z.optional(advancedSettingsSchema),
    blockFileUrl: z.optional(optionalHttpUrlSchema),
  }),
  z.transform((b, ctx) => {
    if (b.pin === undefined && b.advancedSettings === undefined && b.blockFileUrl === undefined) {
      ctx.issues.push({ code: 'custom', input: b, path: [], message: 'send pin, advancedSettings or blockFileUrl' });
      return z.NEVER;
    }
    return b;
  }),
);
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequestSchema>;

/** `POST profile/device/application/update`: enable or disable one app on the device (sent on Apply). */
export const deviceApplicationUpdateRequestSchema = z.object({
  profileId: profileIdSchema,
  packageName: packageNameSchema,
  app_disable: bool(),
});
export type DeviceApplicationUpdateRequest = z.input<typeof deviceApplicationUpdateRequestSchema>;

export const appDetailsSchema = z.object({
  title: z._default(text().check(z.trim(), maxLen(255)), ''),
  icon: z._default(text().check(z.trim(), maxLen(2048)), ''),
  appId: z._default(text().check(z.trim(), maxLen(255)), ''),
});

/** `POST profile/application/create`. */
export const profileApplicationCreateRequestSchema = z.object({
  profileId: profileIdSchema,
  appPackageName: packageNameSchema,
  appIcon: z._default(text().check(z.trim(), maxLen(2048)), ''),
  status: oneOf(APPLICATION_ACTIONS),
  appDetails: z._default(appDetailsSchema, { title: '', icon: '', appId: '' }),
  productType: z.optional(z.nullable(oneOf(PRODUCT_TYPES))),
});
export type ProfileApplicationCreateRequest = z.input<typeof profileApplicationCreateRequestSchema>;

/** `POST profile/application/update`: the entry's action. */
export const profileApplicationUpdateRequestSchema = z.object({
  profileId: profileIdSchema,
  appPackageName: packageNameSchema,
  status: oneOf(APPLICATION_ACTIONS),
  productType: z.optional(z.nullable(oneOf(PRODUCT_TYPES))),
});
export type ProfileApplicationUpdateRequest = z.input<typeof profileApplicationUpdateRequestSchema>;

/** `DELETE profile/application/delete` and `POST profile/keyMapper/delete`: query parameters or JSON body. */
export const profileEntryDeleteRequestSchema = z.object({ profileId: profileIdSchema, id: entryIdSchema });
export type ProfileEntryDeleteRequest = z.input<typeof profileEntryDeleteRequestSchema>;
/** `DELETE profile/application/delete` and `profile/keyMapper/delete`: profileId and id in the query or the body. */
export const profileEntryRefQuerySchema = z.partial(profileEntryDeleteRequestSchema);
/** A DELETE without a body reaches validation as null. */
export const profileEntryRefBodySchema = z.optional(z.nullable(z.partial(profileEntryDeleteRequestSchema)));

/** `POST profile/file/add|delete`. */
export const profileFileRequestSchema = z.object({ profileId: profileIdSchema, filePath: filePathSchema });
export type ProfileFileRequest = z.input<typeof profileFileRequestSchema>;

/** `POST profile/blockUrl/add|delete`. */
export const profileBlockUrlRequestSchema = z.object({ profileId: profileIdSchema, url: httpUrlSchema });
export type ProfileBlockUrlRequest = z.input<typeof profileBlockUrlRequestSchema>;

/** `POST profile/update/pc/setting`. */
export const powerCleanerSettingRequestSchema = z.object({
  profileId: profileIdSchema,
  powerCleanerSettings: powerCleanerSettingsSchema,
});
export type PowerCleanerSettingRequest = z.input<typeof powerCleanerSettingRequestSchema>;

/** `POST profile/keyMapper/add`. */
export const keyMapperAddRequestSchema = z.object({
  profileId: profileIdSchema,
  keyName: oneOf(KEY_NAMES),
  keyEvent: oneOf(KEY_EVENTS),
  packageName: packageNameSchema,
});
export type KeyMapperAddRequest = z.input<typeof keyMapperAddRequestSchema>;

/** `POST profile/update/pob/setting`. */
export const powerOnBootSettingRequestSchema = z.object({
  profileId: profileIdSchema,
  enablePowerOnBoot: bool(),
  shutdownOnDisconnect: bool(),
  scheduleShutdown: z._default(z.nullable(scheduleShutdownSchema), null),
});
export type PowerOnBootSettingRequest = z.input<typeof powerOnBootSettingRequestSchema>;

/** No default: a field not sent keeps its stored value (the other kiosk type's fields are untouched). */
const orientationSchema = oneOf(SCREEN_ORIENTATIONS);

/**
 * `POST profile/update/kiosk/setting`. Each type needs its own fields: Single App a package name; Browser a
 * website URL (timeout, brightness, orientation, address bar optional); Signage at least one video URL (blank
 * entries are dropped). Multi App uses the profile's kiosk list (`productType: 'Kiosk'`), checked by the server.
 * Fields of the other types are kept as they were.
 */
export const kioskSettingRequestSchema = z.pipe(
  z.object({
    profileId: profileIdSchema,
    kioskType: oneOf(KIOSK_TYPES),
    singleAppKioskPackageName: z.optional(text().check(z.trim(), maxLen(255))),
    browserKioskWebsiteUrl: z.optional(text().check(z.trim(), maxLen(2048))),
    browserKioskScreenTimeout: z.optional(screenTimeoutSchema),
    browserKioskScreenBrightness: z.optional(brightnessSchema),
    browserKioskScreenOrientation: z.optional(orientationSchema),
    browserKioskShowAddressBar: z.optional(bool()),
    signageVideoLists: z.optional(
      z
        .array(text().check(z.trim(), maxLen(2048)))
        .check(z.maxLength(MAX_SIGNAGE_VIDEOS, { error: `at most ${MAX_SIGNAGE_VIDEOS} videos` })),
    ),
    signageKioskScreenTimeout: z.optional(screenTimeoutSchema),
    signageKioskScreenBrightness: z.optional(brightnessSchema),
    signageKioskScreenOrientation: z.optional(orientationSchema),
  }),
  z.transform((b, ctx) => {
    const fail = (path: string, message: string) => {
      ctx.issues.push({ code: 'custom', input: b, path: [path], message });
      return z.NEVER;
    };
    const videos = b.signageVideoLists?.filter((v) => v !== '');
    if (b.kioskType === 'Single App') {
      if (!b.singleAppKioskPackageName) return fail('singleAppKioskPackageName', 'is required for a Single App kiosk');
      if (!/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$/.test(b.singleAppKioskPackageName)) {
        return fail('singleAppKioskPackageName', 'must be an Android package name such as com.android.chrome');
      }
    }
    if (b.kioskType === 'Browser') {
      if (!b.browserKioskWebsiteUrl) return fail('browserKioskWebsiteUrl', 'is required for a Browser kiosk');
      if (!isHttpUrl(b.browserKioskWebsiteUrl)) {
        return fail('browserKioskWebsiteUrl', 'must be an http(s) URL such as https://example.com');
      }
    } else if (b.browserKioskWebsiteUrl && !isHttpUrl(b.browserKioskWebsiteUrl)) {
      return fail('browserKioskWebsiteUrl', 'must be an http(s) URL such as https://example.com');
    }
    const badVideo = videos?.findIndex((v) => !isHttpUrl(v)) ?? -1;
    if (badVideo >= 0) return fail('signageVideoLists', `video ${badVideo + 1} must be an http(s) URL`);
    if (b.kioskType === 'Signage' && (!videos || videos.length === 0)) {
      return fail('signageVideoLists', 'add at least one video URL for a Signage kiosk');
    }
    return { ...b, ...(videos ? { signageVideoLists: videos } : {}) };
  }),
);
export type KioskSettingRequest = z.input<typeof kioskSettingRequestSchema>;

/** `GET profile/device/application/sync`: asks the device for a fresh inventory. */
export const applicationSyncResponseSchema = withData(z.object({ profileId: z.string(), requestedAt: z.string() }));

// ------------------------------------------------------------------------------------------- Play Store search

export const playStoreSearchQuerySchema = z.object({
  app_name: text().check(z.trim(), z.minLength(2, { error: 'type at least 2 characters' }), maxLen(100)),
});
export const playStoreAppSchema = z.object({
  appId: z.string(),
  title: z.string(),
  icon: z.string(),
  developer: z.string(),
});
export type PlayStoreApp = z.infer<typeof playStoreAppSchema>;
export const playStoreSearchResponseSchema = withData(z.array(playStoreAppSchema));

/** `profile/device/application/update` answers the app as the Applications tab shows it after the change. */
export const deviceApplicationUpdateResponseSchema = withData(deviceApplicationItemSchema);

/** The icon of an app of the local Play Store catalogue: `<package name>.svg`. */
export const playStoreIconParamsSchema = z.object({
  file: text().check(
    z.regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+\.svg$/, { error: 'must be <package name>.svg' }),
    z.maxLength(260, { error: 'must be <package name>.svg' }),
  ),
});

/** A list of a settings document: at most MAX_PROFILE_LIST_ENTRIES entries. */
const entries = <T extends z.ZodMiniType>(entry: T) =>
  z
    .array(entry)
    .check(z.maxLength(MAX_PROFILE_LIST_ENTRIES, { error: `must hold at most ${MAX_PROFILE_LIST_ENTRIES} entries` }));

/**
 * The settings a policy template takes in (`PUT templates/:id {settings}`, DECISIONS §10): any of the profile fields
 * of spec 2 §3, each checked with the rule of the profile call that edits it; keys not sent keep their value. Rules
 * across fields (a Browser kiosk needs its URL) are checked by the server on the merged document.
 */
export const templateSettingsInputSchema = z.strictObject(
  {
    pin: z.optional(pinSchema),
    advancedSettings: z.optional(advancedSettingsSchema),
    blockUrl: z.optional(entries(httpUrlSchema)),
    blockFileUrl: z.optional(optionalHttpUrlSchema),
    profileFiles: z.optional(entries(filePathSchema)),
    keyMapper: z.optional(
      entries(z.object({ keyName: oneOf(KEY_NAMES), keyEvent: oneOf(KEY_EVENTS), packageName: packageNameSchema })),
    ),
    powerCleanerSettings: z.optional(powerCleanerSettingsSchema),
    enablePowerOnBoot: z.optional(bool()),
    shutdownOnDisconnect: z.optional(bool()),
    scheduleShutdown: z.optional(z.nullable(scheduleShutdownSchema)),
    kioskType: z.optional(oneOf(KIOSK_TYPES)),
    singleAppKioskPackageName: z.optional(text().check(z.trim(), maxLen(255))),
    browserKioskWebsiteUrl: z.optional(optionalHttpUrlSchema),
    browserKioskScreenTimeout: z.optional(screenTimeoutSchema),
    browserKioskScreenBrightness: z.optional(brightnessSchema),
    browserKioskScreenOrientation: z.optional(orientationSchema),
    browserKioskShowAddressBar: z.optional(bool()),
    signageVideoLists: z.optional(
      z.array(httpUrlSchema).check(z.maxLength(MAX_SIGNAGE_VIDEOS, { error: `at most ${MAX_SIGNAGE_VIDEOS} videos` })),
    ),
    signageKioskScreenTimeout: z.optional(screenTimeoutSchema),
    signageKioskScreenBrightness: z.optional(brightnessSchema),
    signageKioskScreenOrientation: z.optional(orientationSchema),
    profileApplications: z.optional(
      entries(
        z.object({
          appPackageName: packageNameSchema,
          status: oneOf(APPLICATION_ACTIONS),
          productType: z._default(z.nullable(oneOf(PRODUCT_TYPES)), null),
          appIcon: z._default(text().check(z.trim(), maxLen(2048)), ''),
          appDetails: z._default(appDetailsSchema, { title: '', icon: '', appId: '' }),
        }),
      ),
    ),
  },
  { error: 'is not a setting of a profile' },
);
export type TemplateSettingsInput = z.input<typeof templateSettingsInputSchema>;
