import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policyApi, type EventsResponse, type PolicyResponse } from '@fleetdeck/contract';
import { staffApi } from '@fleetdeck/contract/staff';
import { call } from '../../../test/support/call.ts';
import { customerWithSeats, enrolDevice, type TestDevice, type TestStaff } from '../../../test/support/factory.ts';
import { jsonOf } from '../../../test/support/helpers.ts';
import type { TestRuntime } from '../../../test/support/runtime.ts';
import { wakeFamily } from './wake-family.ts';
import { startWithStaff } from '../../../test/support/suites.ts';

/** Issue 11: saving an app version config wakes the family's long-polling devices as Apply does. */

let rt: TestRuntime;
let root: TestStaff;
beforeAll(async () => ({ rt, staff: root } = await startWithStaff('SuperAdmin')));
afterAll(async () => rt?.close());

const eventsOf = (res: { body: string }) => jsonOf<EventsResponse>(res).data;

/** A long-poll in flight, with the time its answer arrived. */
function poll(d: TestDevice, wait = 30) {
  let answeredAt = 0;
  const promise = call(rt, policyApi.events, { token: d.auth, query: { wait: String(wait), version: '0' } }).then(
    (res) => {
      answeredAt = Date.now();
      return res;
    },
  );
  return { promise, answeredAt: () => answeredAt };
}

async function waiting(d: TestDevice) {
  const end = Date.now() + 10_000;
  while (rt.ctx.wakeups.waiterCount(d.deviceId) !== 1) {
    if (Date.now() > end) throw new Error('the poll did not start waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function stillPending(p: Promise<unknown>, ms: number) {
  const marker = Symbol('pending');
  return (await Promise.race([p, new Promise((r) => setTimeout(() => r(marker), ms))])) === marker;
}

const saveAppVersion = (planIdentifier: string, minAppVersionCode: number) =>
  call(rt, staffApi.appVersionUpdate, {
    token: root.token,
    body: { planIdentifier, minAppVersionCode, message: 'Please update', forceUpdate: false },
  });

describe('app version save wakes the devices of its family', () => {
  it("a long-polling device returns promptly with policyChanged and then gets the new appVersion; another family's keeps waiting", async () => {
    const ub = await customerWithSeats(rt, 'UB', 2);
    const device = await enrolDevice(rt, ub, { appName: 'UB' } as never);
    const pd = await customerWithSeats(rt, 'PD', 1);
    const other = await enrolDevice(rt, pd, { appName: 'PD' } as never);
    const before = await call(rt, policyApi.policy, { token: device.auth });
    const etag = before.headers.etag as string;

    const p = poll(device);
    const q = poll(other);
    await waiting(device);
    await waiting(other);
    expect(await stillPending(p.promise, 300)).toBe(true);

    const savedAt = Date.now();
    expect((await saveAppVersion('UB', 900)).statusCode).toBe(200);
    const res = await p.promise;
    // The wake goes through a job (polled every 0.5 s): well inside the 30 s wait.
    expect(p.answeredAt() - savedAt).toBeLessThan(5000);
    expect(eventsOf(res)).toEqual({ policyVersion: 0, policyChanged: true, messages: [], logout: false });

    const after = await call(rt, policyApi.policy, { token: device.auth, headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(jsonOf<PolicyResponse>(after).data.policy.appVersion).toMatchObject({ minAppVersionCode: 900 });

    // The PD device is not of the family: still waiting.
    expect(await stillPending(q.promise, 1000)).toBe(true);
    // A one-time plan's config is not what devices read: nobody is woken by it.
    expect((await saveAppVersion('PDOT', 5)).statusCode).toBe(200);
    expect(await stillPending(q.promise, 1500)).toBe(true);
    expect((await saveAppVersion('PD', 5)).statusCode).toBe(200);
    expect(eventsOf(await q.promise).policyChanged).toBe(true);
  });

  it('a wake with no app version change (or a timeout) does not report policyChanged', async () => {
    const c = await customerWithSeats(rt, 'KM', 1);
    const device = await enrolDevice(rt, c, { appName: 'KM' } as never);
    const p = poll(device);
    await waiting(device);
    // Woken (as by a wake-up of the family) while KM has no app version config: nothing changed.
    expect(await wakeFamily(rt.ctx, 'KM')).toBeGreaterThanOrEqual(1);
    expect(eventsOf(await p.promise)).toEqual({ policyVersion: 0, policyChanged: false, messages: [], logout: false });
    expect(eventsOf(await poll(device, 1).promise).policyChanged).toBe(false);
  });

  it('wakes a family in batches, every enrolled device once', async () => {
    const c = await customerWithSeats(rt, 'POB', 5);
    const devices = [];
    for (let i = 0; i < 5; i++) devices.push(await enrolDevice(rt, c, { appName: 'POB' } as never));
    const polls = devices.map((d) => poll(d));
    for (const d of devices) await waiting(d);
    expect(await wakeFamily(rt.ctx, 'POB', 2)).toBe(5);
    const answers = await Promise.all(polls.map((x) => x.promise));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
  });
});
