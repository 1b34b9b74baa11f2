import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { devicesApi, policyApi } from '@fleetdeck/contract';
import { deviceLogs, policyAcks } from '../../db/schema.ts';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';
import { call } from '../../../test/support/call.ts';
import { applyProfile } from '../../../test/support/profiles.ts';
import { customerWithSeats, enrolDevice, type TestDevice } from '../../../test/support/factory.ts';
import { inOneWindow } from '../../../test/support/helpers.ts';
import { DEVICE_WRITE_LIMITS, MAX_EXPORTS_PER_DEVICE } from './service.ts';

/** Issue 12, item 5: one device token cannot fill the shared database. */
let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
});
afterAll(async () => rt?.close());

const log = (d: TestDevice, logs: { deviceActivity: string; activityResult: string; created_at?: string }[]) =>
  call(rt, devicesApi.logs, { token: d.auth, body: { logs } });
const apps = (n: number, prefix = 'com.example') =>
  Array.from({ length: n }, (_, i) => ({ package_name: `${prefix}.app${i}`, app_name: `App ${i}` }));

describe('device write quotas (issue 12, item 5)', () => {
  it('POST logs is rate limited per device: 429 E_RATE_LIMITED with retry-after and respones_msg', async () => {
    const c = await customerWithSeats(rt, 'PD', 2);
    const d = await enrolDevice(rt, c);
    const other = await enrolDevice(rt, c);
    const row = [{ deviceActivity: 'Ping', activityResult: 'Success' }];
    await inOneWindow(20, DEVICE_WRITE_LIMITS.logs.windowSeconds);
    for (let i = 0; i < DEVICE_WRITE_LIMITS.logs.max; i++) expect((await log(d, row)).statusCode).toBe(200);
    const over = await log(d, row);
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect(over.error()).toMatchObject({ code: 'E_RATE_LIMITED' });
    expect(over.error().respones_msg).toMatch(/Too many log uploads from this device/);
    // Another device of the same customer is not affected.
    expect((await log(other, row)).statusCode).toBe(200);
  });

  it('log times far in the past or the future are refused with 400 and the field named', async () => {
    const c = await customerWithSeats(rt, 'PD', 1);
    const d = await enrolDevice(rt, c);
    for (const created_at of ['2999-01-01T00:00:00Z', '1990-01-01T00:00:00Z']) {
      const res = await log(d, [
        { deviceActivity: 'Fine', activityResult: 'Success' },
        { deviceActivity: 'Odd clock', activityResult: 'Success', created_at },
      ]);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.error()).toMatchObject({ code: 'E_VALIDATION' });
      expect(res.error().errors?.[0]?.field).toBe('logs.1.created_at');
    }
    const rows = await rt.ctx.db
      .select()
      .from(deviceLogs)
      .where(and(eq(deviceLogs.deviceId, d.deviceId), eq(deviceLogs.deviceActivity, 'Fine')));
    expect(rows).toHaveLength(0);
    // A clock a minute ahead is fine (stored as now), as is yesterday.
    const near = await log(d, [
      { deviceActivity: 'Fine', activityResult: 'Success', created_at: new Date(Date.now() + 60_000).toISOString() },
      {
        deviceActivity: 'Fine',
        activityResult: 'Success',
        created_at: new Date(Date.now() - 86_400_000).toISOString(),
      },
    ]);
    expect(near.statusCode, near.body).toBe(200);
  });

  it('PUT applications is rate limited per device', async () => {
    const c = await customerWithSeats(rt, 'PD', 1);
    const d = await enrolDevice(rt, c);
    const put = () => call(rt, devicesApi.applications, { token: d.auth, body: { applications: apps(2) } });
    for (let i = 0; i < DEVICE_WRITE_LIMITS.applications.max; i++) expect((await put()).statusCode).toBe(200);
    const over = await put();
    expect(over.statusCode).toBe(429);
    expect(over.error().respones_msg).toMatch(/Too many inventory uploads from this device/);
  });

  it("inventory rows are capped across the customer's devices: 409 E_QUOTA_EXCEEDED", async () => {
    const c = await customerWithSeats(rt, 'PD', 2);
    const a = await enrolDevice(rt, c);
    const b = await enrolDevice(rt, c);
    // Two devices: max(5000, 2 × 1000) = 5000 rows together.
    const first = await call(rt, devicesApi.applications, { token: a.auth, body: { applications: apps(4000) } });
    expect(first.statusCode, first.body).toBe(200);
    const second = await call(rt, devicesApi.applications, { token: b.auth, body: { applications: apps(1500) } });
    expect(second.statusCode, second.body).toBe(409);
    expect(second.error()).toMatchObject({ code: 'E_QUOTA_EXCEEDED' });
    expect(second.error().respones_msg).toMatch(/at most 5000 inventory rows/);
    const fits = await call(rt, devicesApi.applications, { token: b.auth, body: { applications: apps(1000) } });
    expect(fits.statusCode, fits.body).toBe(200);
    // A device replacing its own inventory with a smaller one always fits.
    const smaller = await call(rt, devicesApi.applications, { token: a.auth, body: { applications: apps(3000) } });
    expect(smaller.statusCode, smaller.body).toBe(200);
  });

  it('exports are capped per device (409 E_QUOTA_EXCEEDED) and rate limited', async () => {
    const c = await customerWithSeats(rt, 'PD', 1);
    const d = await enrolDevice(rt, c);
    const upload = (i: number) =>
      call(rt, devicesApi.createExport, {
        token: d.auth,
        body: { exportName: `Backup ${i}`, disabledApplications: ['com.facebook.katana'] },
      });
    for (let i = 0; i < DEVICE_WRITE_LIMITS.exports.max; i++) expect((await upload(i)).statusCode).toBe(200);
    const over = await upload(99);
    expect(over.statusCode).toBe(429);
    expect(over.error().respones_msg).toMatch(/Too many export uploads from this device/);
  });

  it('a device holding the maximum of exports cannot upload another', async () => {
    const c = await customerWithSeats(rt, 'PD', 1);
    const d = await enrolDevice(rt, c);
    const { deviceExports } = await import('../../db/schema.ts');
    await rt.ctx.db.insert(deviceExports).values(
      Array.from({ length: MAX_EXPORTS_PER_DEVICE }, (_, i) => ({
        customerId: c.id,
        deviceId: d.deviceId,
        exportName: `Old ${i}`,
        serialNumber: d.serialNumber,
        appName: 'PD',
        disabledApplications: [],
      })),
    );
    const res = await call(rt, devicesApi.createExport, {
      token: d.auth,
      body: { exportName: 'One more', disabledApplications: [] },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.error()).toMatchObject({ code: 'E_QUOTA_EXCEEDED' });
    expect(res.error().respones_msg).toMatch(/already has 100 exports/);
  });

  it('one ack per policy version: a repeat records nothing; acks are rate limited', async () => {
    const c = await customerWithSeats(rt, 'PD', 1);
    const d = await enrolDevice(rt, c);
    await applyProfile(rt, c, d.profileId);
    const ack = () => call(rt, policyApi.ack, { token: d.auth, body: { version: 1, result: 'Success' } });
    await inOneWindow(20, DEVICE_WRITE_LIMITS.ack.windowSeconds);
    expect((await ack()).statusCode).toBe(200);
    const again = await ack();
    expect(again.statusCode).toBe(200);
    const apply = await rt.ctx.db
      .select()
      .from(deviceLogs)
      .where(and(eq(deviceLogs.deviceId, d.deviceId), eq(deviceLogs.deviceActivity, 'Apply')));
    expect(apply).toHaveLength(1);
    expect(await rt.ctx.db.select().from(policyAcks).where(eq(policyAcks.profileId, d.profileId))).toHaveLength(1);
    for (let i = 2; i < DEVICE_WRITE_LIMITS.ack.max; i++) await ack();
    const over = await ack();
    expect(over.statusCode).toBe(429);
    expect(over.error().respones_msg).toMatch(/Too many policy reports from this device/);
  });
});
