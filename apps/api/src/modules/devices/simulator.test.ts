import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { devicesApi, policyApi, type ProfileListItem, type ProfileListResponse } from '@fleetdeck/contract';
import { SimulatedDevice, hashSeed, inventoryFor, runFleet, serialsFor } from '@fleetdeck/device-sim';
import { deviceApplications, deviceLogs, devices, profiles } from '../../db/schema.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';
import { jsonOf } from '../../../test/support/helpers.ts';
import { buy } from '../../../test/support/ledger.ts';
import { call } from '../../../test/support/call.ts';
import { newCustomer, enrolmentToken, usedSeats } from '../../../test/support/factory.ts';

/**
 * packages/device-sim against the real device API over real HTTP: the server listens on a loopback port
 * and the simulator speaks to it with Node's fetch, as `npm run device-sim` would.
 */

let rt: TestRuntime;
let baseUrl: string;

beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'), { listen: true, env: { HOST: '127.0.0.1', PORT: '0' } });
  if (!rt.url) throw new Error('the test runtime did not listen');
  baseUrl = rt.url;
});
afterAll(async () => {
  // Node's fetch may leave a connection it opened but never used (the request aborted with the device);
  // the server's close() only ends idle connections that served a request, so end every one here.
  rt?.ctx.wakeups.drain();
  rt?.app.server.closeAllConnections();
  await rt?.close();
});

async function profileList(token: string): Promise<ProfileListItem[]> {
  const res = await call(rt, devicesApi.profileList, { token, query: { limit: '50' } });
  expect(res.statusCode).toBe(200);
  return jsonOf<ProfileListResponse>(res).data;
}

describe('device-sim against the real API (one customer with 5 PD seats, in order)', () => {
  let c: Awaited<ReturnType<typeof newCustomer>>;
  let enrolmentTokenText: string;
  const serials = serialsFor('SIMTEST', 5);
  const fleet = () => ({
    baseUrl,
    enrolmentToken: enrolmentTokenText,
    appName: 'PD',
    concurrency: 3,
    wait: 0,
    once: true,
  });

  beforeAll(async () => {
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    c = await newCustomer(rt);
    await buy(rt.ctx.db, c.id, 'PD', 5);
    enrolmentTokenText = await enrolmentToken(rt, c.id);
  });

  it('runFleet once: 5 devices enrol over HTTP, appear in profile/list, and their inventory and logs are stored', async () => {
    const lines: string[] = [];

    // Each: enrol, status, inventory, policy fetch (version 0: nothing to apply or acknowledge), logs.
    const first = await runFleet(
      { ...fleet(), count: 5, serialPrefix: 'SIMTEST', log: (l) => lines.push(l) },
      new AbortController().signal,
    );
    expect(first).toMatchObject({ devices: 5, enrolled: 5, problems: {} });
    expect(first.requests).toContain('POST /api/v1/device/enrol 200: 5');
    expect(first.requests).toContain('PUT /api/v1/device/applications 200: 5');
    expect(first.requests).toContain('GET /api/v1/device/policy 200: 5');
    expect(first.requests.some((r) => r.includes('policy/ack'))).toBe(false);
    expect(lines.some((l) => l.includes('enrolled'))).toBe(true);

    const listed = await profileList(c.token);
    expect(listed.map((p) => p.name).sort()).toEqual(serials);
    for (const p of listed) {
      expect(p).toMatchObject({ appName: 'PD', online: true, policyVersion: 0, appliedPolicyVersion: null });
      expect(p.profileName).not.toBe('');
    }
    expect(await usedSeats(rt, c.token, 'PD')).toBe(5);

    // The inventory each device reported is stored, package for package.
    const rows = await rt.ctx.db
      .select({
        id: devices.id,
        serial: devices.serialNumber,
        model: devices.deviceModel,
        battery: devices.batteryLevel,
      })
      .from(devices)
      .where(and(eq(devices.customerId, c.id), inArray(devices.serialNumber, serials)));
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      expect(row.model).not.toBe('');
      expect(row.battery).toEqual(expect.any(Number));
      const stored = await rt.ctx.db
        .select({ packageName: deviceApplications.packageName })
        .from(deviceApplications)
        .where(eq(deviceApplications.deviceId, row.id));
      const expected = new Set(inventoryFor(hashSeed(row.serial)).map((a) => a.package_name));
      expect(expected.size).toBeGreaterThan(10);
      expect(new Set(stored.map((s) => s.packageName))).toEqual(expected);
    }
    const logs = await rt.ctx.db
      .select({ activity: deviceLogs.deviceActivity })
      .from(deviceLogs)
      .where(eq(deviceLogs.customerId, c.id));
    expect(logs.filter((l) => l.activity === 'Device enrolled')).toHaveLength(5);
    // Version 0 (never applied) is not acknowledged, so no Apply rows yet.
    expect(logs.filter((l) => l.activity === 'Apply')).toHaveLength(0);
  });

  it('a sixth device is refused with the licence reason and takes no seat', async () => {
    const beyond = await runFleet({ ...fleet(), count: 1, serialPrefix: 'SIMBEYOND' }, new AbortController().signal);
    expect(beyond.enrolled).toBe(0);
    const reasons = Object.keys(beyond.problems);
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toMatch(/POST \/api\/v1\/device\/enrol → 402 E_NO_LICENCE: no free licence/);
    expect(reasons[0]).toContain('No free Fleetdeck licence');
    expect(beyond.requests).toEqual(['POST /api/v1/device/enrol 402: 1']);
    expect(await usedSeats(rt, c.token, 'PD')).toBe(5);
    expect((await profileList(c.token)).map((p) => p.name)).not.toContain('SIMBEYOND-0001');
  });

  it('a running device (known serial: re-attaches without a seat) is woken by Apply, applies and acknowledges it', async () => {
    const serial = serials[0]!;
    // The restarted app still holds its credential (DECISIONS §6): here one is issued for it in the database.
    const held = randomToken();
    await rt.ctx.db
      .update(devices)
      .set({ tokenHash: sha256(held) })
      .where(and(eq(devices.customerId, c.id), eq(devices.serialNumber, serial)));
    const device = new SimulatedDevice({
      baseUrl,
      enrolmentToken: enrolmentTokenText,
      appName: 'PD',
      serialNumber: serial,
      deviceToken: held,
    });
    const controller = new AbortController();
    const running = device.run(controller.signal, { wait: 2 });
    try {
      // Started: enrolled again and holding a long-poll.
      await expect.poll(() => rt.ctx.wakeups.waiterCount(device.deviceId ?? 'none'), { timeout: 10_000 }).toBe(1);
      expect(await usedSeats(rt, c.token, 'PD')).toBe(5);
      const profile = (await profileList(c.token)).find((p) => p.name === serial)!;
      const applied = await call(rt, policyApi.apply, { token: c.token, query: { profileId: profile._id } });
      expect(applied.statusCode).toBe(200);
      expect(jsonOf<{ data: { policyVersion: number } }>(applied).data.policyVersion).toBe(1);

      await expect
        .poll(async () => (await profileList(c.token)).find((p) => p.name === serial)?.appliedPolicyVersion, {
          timeout: 10_000,
        })
        .toBe(1);
      // The ack's answer reaches the device after its commit, which the list above may see first.
      await expect.poll(() => device.appliedVersion).toBe(1);
      expect(device.stopped).toBeNull();
    } finally {
      controller.abort();
      await running;
    }
    const [stored] = await rt.ctx.db
      .select({
        version: profiles.policyVersion,
        applied: profiles.appliedPolicyVersion,
        result: profiles.appliedResult,
      })
      .from(profiles)
      .where(and(eq(profiles.customerId, c.id), eq(profiles.name, serial)));
    expect(stored).toEqual({ version: 1, applied: 1, result: 'Success' });
    // The other four never saw an Apply.
    expect((await profileList(c.token)).filter((p) => p.appliedPolicyVersion === null)).toHaveLength(4);
  });
});
