import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { devicesApi } from '@fleetdeck/contract';
import { deviceLogs } from '../../db/schema.ts';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';
import { call } from '../../../test/support/call.ts';
import { customerWithSeats, enrolDevice, type TestDevice } from '../../../test/support/factory.ts';

/** Issue 24: daily budgets of device log rows, per device and per customer (small ones here, from the config). */
let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'), {
    env: { DEVICE_LOG_ROWS_PER_DAY: '10', CUSTOMER_LOG_ROWS_PER_DAY: '25' },
  });
});
afterAll(async () => rt?.close());

const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ deviceActivity: `Ping ${i}`, activityResult: 'OK' }));
const log = (d: TestDevice, n: number) => call(rt, devicesApi.logs, { token: d.auth, body: { logs: rows(n) } });
const stored = async (d: TestDevice) =>
  (await rt.ctx.db.select().from(deviceLogs).where(eq(deviceLogs.serialNumber, d.serialNumber))).filter((r) =>
    r.deviceActivity.startsWith('Ping'),
  ).length;

describe('daily budget of device log rows (issue 24)', () => {
  it('a device gets 429 over its daily rows, nothing of the refused batch written; other devices go on', async () => {
    const c = await customerWithSeats(rt, 'PD', 2);
    const [d, other] = [await enrolDevice(rt, c), await enrolDevice(rt, c)];
    expect((await log(d, 8)).statusCode).toBe(200);
    // 8 + 3 would pass 10: the whole batch is refused, not cut.
    const over = await log(d, 3);
    expect(over.statusCode).toBe(429);
    expect(over.error()).toMatchObject({ code: 'E_RATE_LIMITED' });
    expect(over.error().respones_msg).toContain('log budget for today (10 rows a day)');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(86_400);
    expect(await stored(d)).toBe(8);
    // What fits still goes in.
    expect((await log(d, 2)).statusCode).toBe(200);
    expect((await log(d, 1)).statusCode).toBe(429);
    expect(await stored(d)).toBe(10);
    expect((await log(other, 5)).statusCode).toBe(200);
  });

  it("a customer's devices share a daily budget: over it every device gets 429 and nothing is written", async () => {
    const c = await customerWithSeats(rt, 'PD', 4);
    const devices = [await enrolDevice(rt, c), await enrolDevice(rt, c), await enrolDevice(rt, c)];
    expect((await log(devices[0]!, 10)).statusCode).toBe(200);
    expect((await log(devices[1]!, 10)).statusCode).toBe(200);
    const refused = await log(devices[2]!, 6);
    expect(refused.statusCode).toBe(429);
    expect(refused.error().respones_msg).toContain(
      "account's devices have used their log budget for today (25 rows a day)",
    );
    expect(await stored(devices[2]!)).toBe(0);
    // The refused batch did not use the device's own budget: the rest of the customer's (5) still fits.
    expect((await log(devices[2]!, 5)).statusCode).toBe(200);
    expect(await stored(devices[2]!)).toBe(5);
    // Another customer is not affected.
    const stranger = await enrolDevice(rt, await customerWithSeats(rt, 'PD', 1));
    expect((await log(stranger, 10)).statusCode).toBe(200);
  });
});
