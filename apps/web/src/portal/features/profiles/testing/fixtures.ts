import type { DeviceDetail, ProfileApplication, ProfileDetail, ProfileListItem } from '@fleetdeck/contract';
import { licenceSummaryAnswer } from '@/test/licence-fixtures';
import { sampleUser } from '@/test/mock-api';

export const PROFILE_ID = '3f1c2b9e-8d7a-4e6f-9b5c-1a2d3e4f5a6b';
export const API = '/api/v1/admin';

/** The shell's own calls (account menu, licence banner). */
export const shellRoutes = {
  'GET /api/v1/admin/users/detail': { body: { respones_msg: 'OK', data: sampleUser } },
  'GET /api/v1/admin/licences/summary': licenceSummaryAnswer(false),
  // A device's page looks for lost mode commands on their way to it (none).
  'GET /api/v1/admin/commands': { body: { respones_msg: 'OK', data: [], pagination: { page: 1, limit: 5, total: 0 } } },
};

export const profile = (overrides: Partial<ProfileDetail> = {}): ProfileDetail => ({
  _id: PROFILE_ID,
  name: 'R58N123ABC',
  profileName: 'Front desk tablet',
  appName: 'PD',
  family: 'PD',
  created_at: '2025-03-05T10:00:00.000Z',
  pin: '',
  profileCounter: 3,
  advancedSettings: {
    disableFactoryReset: true,
    disableHomeKey: false,
    disableBackKey: false,
    disableRecentsKey: false,
    disablePowerKey: false,
    disableVolumeUpKey: false,
    disableVolumeDownKey: false,
    DisableOSUpdates: false,
    DisableBluetooth: false,
    disableWiFi: false,
    disableGPS: false,
    disableMultiWindow: false,
    disableUsbDebugging: false,
    disableUnknownSource: false,
    disableOverTheAir: false,
    disbableBixbyPackages: false,
    disableCarboardAppsOnGearVR: false,
    disableStatusBar: false,
    disableFirmwareUpgrades: false,
  },
  blockUrl: ['https://games.example.com'],
  blockFileUrl: '',
  profileFiles: ['/sdcard/Download/old.pdf'],
  keyMapper: [
    {
      _id: '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      packageName: 'com.android.chrome',
      keyName: 'VOLUME_UP_KEY',
      keyEvent: 'DOUBLE_TAP',
      created_at: '2025-03-06T10:00:00.000Z',
    },
  ],
  powerCleanerSettings: {
    clearBrowserCoockies: true,
    clearCache: false,
    clearNotifications: false,
    clearRecentApps: false,
    clearcallLogs: false,
  },
  enablePowerOnBoot: false,
  shutdownOnDisconnect: false,
  scheduleShutdown: null,
  kioskType: 'None',
  singleAppKioskPackageName: '',
  browserKioskWebsiteUrl: '',
  browserKioskScreenTimeout: null,
  browserKioskScreenBrightness: null,
  browserKioskScreenOrientation: 'Auto',
  browserKioskShowAddressBar: false,
  signageVideoLists: [],
  signageKioskScreenTimeout: null,
  signageKioskScreenBrightness: null,
  signageKioskScreenOrientation: 'Auto',
  policyVersion: 3,
  appliedPolicyVersion: 3,
  appliedResult: 'Success',
  appliedMessage: null,
  appliedAt: '2025-03-07T10:00:00.000Z',
  hasUnappliedChanges: false,
  online: true,
  lastSeenAt: new Date().toISOString(),
  ...overrides,
});

export const detailAnswer = (p: ProfileDetail) => ({ body: { respones_msg: 'Profile detail', data: p } });

export const deviceApp = (
  package_name: string,
  app_name: string,
  overrides: Partial<DeviceDetail['applications'][number]> = {},
): DeviceDetail['applications'][number] => ({
  package_name,
  app_name,
  app_disable: false,
  desired_disable: null,
  appIcon: '',
  version_number: '1.0',
  app_status: 'Installed',
  application_type: 0,
  ...overrides,
});

export const device = (overrides: Partial<DeviceDetail> = {}): DeviceDetail => ({
  profileId: PROFILE_ID,
  serialNumber: 'R58N123ABC',
  deviceName: 'Front desk tablet',
  appName: 'PD',
  appVersionCode: '412',
  appInstallationDate: '2025-03-05T09:00:00.000Z',
  batteryLevel: 87,
  deviceModel: 'SM-T510',
  localIpAddress: '192.168.1.20',
  macAddress: 'AA:BB:CC:DD:EE:FF',
  osVersion: 'Android 13',
  location: { latitude: 51.5074, longitude: -0.1278, accuracy: 12 },
  online: true,
  lastSeenAt: new Date().toISOString(),
  applications: [
    deviceApp('com.android.chrome', 'Chrome'),
    deviceApp('com.facebook.katana', 'Facebook', { app_disable: true }),
  ],
  applicationsTotal: 2,
  capabilities: ['lock', 'reboot', 'clear_app_data', 'ring', 'locate', 'lost_mode', 'sync'],
  lostMode: null,
  ...overrides,
});

export const deviceAnswer = (d: DeviceDetail) => ({ body: { respones_msg: 'Device detail', data: d } });

export const listItem = (id: string, appName: string, overrides: Partial<ProfileListItem> = {}): ProfileListItem => ({
  _id: id,
  name: `SERIAL-${appName}`,
  profileName: `Device ${appName}`,
  appName,
  created_at: '2025-03-05T10:00:00.000Z',
  online: false,
  lastSeenAt: null,
  policyVersion: 0,
  appliedPolicyVersion: 0,
  group: null,
  drift: 0,
  ...overrides,
});

export const listAnswer = (data: ProfileListItem[], total = data.length, page = 1, limit = 25) => ({
  body: { respones_msg: 'Profile list', data, pagination: { page, limit, total } },
});

export const profileApplication = (
  id: string,
  appPackageName: string,
  title: string,
  overrides: Partial<ProfileApplication> = {},
): ProfileApplication => ({
  _id: id,
  appPackageName,
  appIcon: '',
  status: 'Uninstall',
  appDetails: { title, icon: '', appId: appPackageName },
  productType: null,
  created_at: '2025-03-05T10:00:00.000Z',
  ...overrides,
});

/** The search params of the recorded calls to `path`. */
export { queriesTo } from '@/test/queries';

/** The plans page the licence redirect lands on. */
export const plansAnswer = { body: { respones_msg: 'OK', data: { recurringPriceList: [], oneTimePriceList: [] } } };
