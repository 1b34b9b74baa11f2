import { describe, expect, it } from 'vitest';
import { deviceApplicationSchema } from '@fleetdeck/contract';
import {
  activityLogs,
  applyPolicyToInventory,
  BATTERY_FLOOR,
  deviceProfile,
  disabledPackagesOf,
  drainBattery,
  inventoryFor,
  PACKAGES,
  varyVersion,
} from './inventory.ts';
import { createRandom, hashSeed } from './random.ts';

describe('bundled package list', () => {
  it('holds ~150 unique real package names with names, versions and system flags', () => {
    expect(PACKAGES.length).toBeGreaterThanOrEqual(140);
    expect(new Set(PACKAGES.map((p) => p.package_name)).size).toBe(PACKAGES.length);
    for (const p of PACKAGES) {
      expect(p.package_name).toMatch(/^[a-zA-Z][\w]*(\.[\w]+)+$/);
      expect(p.app_name).not.toBe('');
      expect(p.version_number).not.toBe('');
    }
    const names = PACKAGES.map((p) => p.package_name);
    for (const n of [
      'com.samsung.android.bixby.agent',
      'com.sec.android.app.sbrowser',
      'com.google.android.youtube',
      'com.facebook.katana',
      'com.microsoft.office.outlook',
    ]) {
      expect(names).toContain(n);
    }
    expect(PACKAGES.some((p) => p.system)).toBe(true);
    expect(PACKAGES.some((p) => !p.system)).toBe(true);
  });
});

describe('inventoryFor', () => {
  it('is deterministic per seed, varies between seeds, and matches the contract', () => {
    const a = inventoryFor(hashSeed('SIM-0001'));
    expect(inventoryFor(hashSeed('SIM-0001'))).toEqual(a);
    const b = inventoryFor(hashSeed('SIM-0002'));
    expect(b.map((x) => x.package_name)).not.toEqual(a.map((x) => x.package_name));
    expect(a.length).toBeGreaterThan(100);
    for (const app of a) expect(deviceApplicationSchema.safeParse(app).success).toBe(true);
    expect(a.filter((x) => x.application_type === 1).length).toBeGreaterThan(90);
    expect(a.every((x) => !x.app_disable && x.app_status === 'Installed')).toBe(true);
  });

  it('gives most devices the core system apps', () => {
    const counts = Array.from({ length: 50 }, (_, i) => inventoryFor(i)).filter((inv) =>
      inv.some((x) => x.package_name === 'com.android.settings'),
    ).length;
    expect(counts).toBeGreaterThan(40);
  });
});

describe('varyVersion', () => {
  it('moves only the last number, never below 0', () => {
    const rnd = createRandom(1);
    for (let i = 0; i < 20; i++) {
      expect(varyVersion('24.0.3.4', rnd)).toMatch(/^24\.0\.3\.[0-4]$/);
      expect(varyVersion('0', rnd)).toBe('0');
    }
    expect(varyVersion('beta', rnd)).toBe('beta');
  });
});

describe('deviceProfile', () => {
  it('derives a plausible identity from the seed', () => {
    const p = deviceProfile(42);
    expect(deviceProfile(42)).toEqual(p);
    expect(p.macAddress).toMatch(/^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/);
    expect(parseInt(p.macAddress.slice(0, 2), 16) & 0x02).toBe(0x02);
    expect(p.localIpAddress).toMatch(/^192\.168\.\d+\.\d+$/);
    expect(p.batteryLevel).toBeGreaterThanOrEqual(35);
    expect(p.batteryLevel).toBeLessThanOrEqual(100);
    expect(p.location.latitude).toBeGreaterThan(40);
  });
});

describe('policy apply', () => {
  const apps = inventoryFor(7).slice(0, 5);
  const [first, second] = [apps[0]!.package_name, apps[1]!.package_name];

  it('reads the disabled packages from the shapes a policy may carry', () => {
    expect(
      disabledPackagesOf({
        applications: [
          { package_name: 'a', disable: true },
          { packageName: 'b', app_disable: true },
          { appPackageName: 'c', status: 'Disabled' },
          { package_name: 'd', disable: false },
          { package_name: 'e', status: 'Enabled' },
          null,
          'junk',
        ],
        disabledApplications: ['f', 3],
      }),
    ).toEqual(new Set(['a', 'b', 'c', 'f']));
    expect(disabledPackagesOf({})).toEqual(new Set());
    expect(disabledPackagesOf({ applications: 'nope' })).toEqual(new Set());
  });

  it('marks disabled apps, re-enables the others, and counts changes', () => {
    const r = applyPolicyToInventory(apps, { applications: [{ package_name: first, disable: true }] });
    expect(r.disabled).toEqual([first]);
    expect(r.changed).toBe(1);
    expect(r.applications.find((a) => a.package_name === first)!.app_disable).toBe(true);
    const again = applyPolicyToInventory(r.applications, { applications: [{ package_name: second, disable: true }] });
    expect(again.disabled).toEqual([second]);
    expect(again.changed).toBe(2);
    expect(
      applyPolicyToInventory(again.applications, { applications: [{ package_name: second, disable: true }] }).changed,
    ).toBe(0);
    // The input is never mutated.
    expect(apps.every((a) => !a.app_disable)).toBe(true);
  });
});

describe('battery', () => {
  it('drifts down over time and recharges at the floor', () => {
    const rnd = createRandom(3);
    let level = 80;
    const after10min = drainBattery(level, 600, rnd);
    expect(after10min).toBeLessThan(80);
    expect(after10min).toBeGreaterThan(75);
    level = drainBattery(level, 0, rnd);
    expect(level).toBe(80);
    expect(drainBattery(BATTERY_FLOOR + 0.1, 3600, rnd)).toBe(100);
  });
});

describe('activityLogs', () => {
  it('produces sorted, contract-shaped lines within the window', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    const logs = activityLogs(createRandom(9), now, 60_000, 4);
    expect(logs).toHaveLength(4);
    for (const l of logs) {
      expect(Date.parse(l.created_at)).toBeLessThanOrEqual(now);
      expect(Date.parse(l.created_at)).toBeGreaterThan(now - 60_001);
      expect(l.deviceActivity).not.toBe('');
    }
    expect([...logs].sort((a, b) => a.created_at.localeCompare(b.created_at))).toEqual(logs);
  });
});
