import type { DeviceApplication } from '@fleetdeck/contract';
import catalogue from './packages.json' with { type: 'json' };
import { createRandom, pick, randomInt } from './random.ts';

/** One entry of the bundled package list (real Android / Samsung / Google / third-party package names). */
export interface CatalogueApp {
  package_name: string;
  app_name: string;
  version_number: string;
  system: boolean;
}

export const PACKAGES: readonly CatalogueApp[] = catalogue as CatalogueApp[];

const MODELS = [
  { model: 'Samsung Galaxy Tab A8 (SM-X200)', os: ['13', '14'] },
  { model: 'Samsung Galaxy Tab Active4 Pro (SM-T636B)', os: ['13', '14'] },
  { model: 'Samsung Galaxy XCover 6 Pro (SM-G736B)', os: ['13', '14'] },
  { model: 'Samsung Galaxy A54 5G (SM-A546B)', os: ['13', '14'] },
  { model: 'Samsung Galaxy A34 5G (SM-A346B)', os: ['13', '14'] },
  { model: 'Samsung Galaxy S23 (SM-S911B)', os: ['14'] },
  { model: 'Samsung Galaxy Tab S9 FE (SM-X510)', os: ['14'] },
  { model: 'Zebra TC52', os: ['11', '13'] },
  { model: 'Google Pixel 7a', os: ['14'] },
] as const;

/** The hardware identity of a simulated device, derived from its seed. */
export interface DeviceProfile {
  deviceModel: string;
  osVersion: string;
  macAddress: string;
  localIpAddress: string;
  /** Starting battery level, 35–100 %. */
  batteryLevel: number;
  location: { latitude: number; longitude: number; accuracy: number };
}

const hex2 = (n: number) => n.toString(16).padStart(2, '0');

export function deviceProfile(seed: number): DeviceProfile {
  const rnd = createRandom(seed ^ 0x5eed);
  const m = pick(rnd, MODELS);
  // Locally administered unicast MAC (x2:…), as Android randomises per network.
  const mac = [0x02 | (randomInt(rnd, 0, 63) << 2), ...Array.from({ length: 5 }, () => randomInt(rnd, 0, 255))]
    .map(hex2)
    .join(':');
  return {
    deviceModel: m.model,
    osVersion: pick(rnd, m.os),
    macAddress: mac,
    localIpAddress: `192.168.${randomInt(rnd, 0, 20)}.${randomInt(rnd, 2, 254)}`,
    batteryLevel: randomInt(rnd, 35, 100),
    // Somewhere around Western Europe.
    location: {
      latitude: Number((randomInt(rnd, 43_000, 55_000) / 1000).toFixed(5)),
      longitude: Number((randomInt(rnd, -5_000, 15_000) / 1000).toFixed(5)),
      accuracy: randomInt(rnd, 5, 60),
    },
  };
}

/** Moves the last number of a version a little, so two devices rarely report the exact same build. */
export function varyVersion(version: string, rnd: () => number): string {
  const m = /^(.*?)(\d+)(\D*)$/.exec(version);
  if (!m) return version;
  const bump = randomInt(rnd, 0, 3);
  return `${m[1]}${Math.max(0, Number(m[2]) - bump)}${m[3]}`;
}

/**
 * A realistic inventory for one device: nearly every system app (a few are missing on some models) and a
 * seed-dependent selection of user apps, with slightly different versions per device. Deterministic.
 */
export function inventoryFor(seed: number, packages: readonly CatalogueApp[] = PACKAGES): DeviceApplication[] {
  const rnd = createRandom(seed);
  const apps: DeviceApplication[] = [];
  for (const p of packages) {
    const installed = p.system ? rnd() < 0.93 : rnd() < 0.45;
    if (!installed) continue;
    apps.push({
      package_name: p.package_name,
      app_name: p.app_name,
      app_disable: false,
      appIcon: '',
      version_number: varyVersion(p.version_number, rnd),
      app_status: 'Installed',
      application_type: p.system ? 1 : 0,
    });
  }
  return apps;
}

/** The package names a policy document disables; tolerant of the shapes a profile's app list may take. */
export function disabledPackagesOf(policy: Record<string, unknown>): Set<string> {
  const out = new Set<string>();
  const add = (v: unknown) => {
    if (typeof v === 'string' && v !== '') out.add(v);
  };
  const lists = [policy.applications, policy.deviceApplications];
  for (const list of lists) {
    if (!Array.isArray(list)) continue;
    for (const item of list) {
      if (typeof item !== 'object' || item === null) continue;
      const a = item as Record<string, unknown>;
      const name = a.package_name ?? a.packageName ?? a.appPackageName;
      const status = typeof a.status === 'string' ? a.status.toLowerCase() : undefined;
      const disabled =
        a.disable === true ||
        a.app_disable === true ||
        a.disabled === true ||
        status === 'disabled' ||
        status === 'disable';
      if (disabled) add(name);
    }
  }
  if (Array.isArray(policy.disabledApplications)) policy.disabledApplications.forEach(add);
  return out;
}

/** Applies a policy to an inventory: the apps it disables get `app_disable: true`, every other one false. */
export function applyPolicyToInventory(
  apps: readonly DeviceApplication[],
  policy: Record<string, unknown>,
): { applications: DeviceApplication[]; disabled: string[]; changed: number } {
  const disabledSet = disabledPackagesOf(policy);
  let changed = 0;
  const applications = apps.map((a) => {
    const app_disable = disabledSet.has(a.package_name);
    if (app_disable !== a.app_disable) changed++;
    return app_disable === a.app_disable ? a : { ...a, app_disable };
  });
  return {
    applications,
    disabled: applications.filter((a) => a.app_disable).map((a) => a.package_name),
    changed,
  };
}

export const BATTERY_FLOOR = 5;

/** Battery after `seconds` of use: drains ~1 % per 3–6 minutes, recharges to 100 % when it reaches the floor. */
export function drainBattery(level: number, seconds: number, rnd: () => number): number {
  const perSecond = 1 / (180 + rnd() * 180);
  const next = level - seconds * perSecond;
  if (next <= BATTERY_FLOOR) return 100;
  return Math.max(BATTERY_FLOOR, Math.min(100, Math.round(next * 100) / 100));
}

/** What a device logs as it works (activity, result): the simulator picks from these, the lists benchmark too. */
export const ACTIVITIES: readonly [string, string][] = [
  ['App launched', 'Success'],
  ['Screen unlocked', 'Success'],
  ['Wi-Fi connected', 'Success'],
  ['Policy check', 'Up to date'],
  ['Storage check', 'Success'],
  ['Kiosk mode', 'Active'],
  ['Location updated', 'Success'],
  ['Bluetooth scan', 'Blocked by policy'],
  ['Sync applications', 'Success'],
];

export interface ActivityLog {
  deviceActivity: string;
  activityResult: string;
  created_at: string;
}

/** A few plausible activity lines, timestamped within the last `windowMs`. */
export function activityLogs(rnd: () => number, now: number, windowMs: number, count = randomInt(rnd, 1, 4)) {
  const logs: ActivityLog[] = [];
  for (let i = 0; i < count; i++) {
    const [deviceActivity, activityResult] = pick(rnd, ACTIVITIES);
    logs.push({
      deviceActivity,
      activityResult,
      created_at: new Date(now - Math.floor(rnd() * windowMs)).toISOString(),
    });
  }
  return logs.sort((a, b) => a.created_at.localeCompare(b.created_at));
}
