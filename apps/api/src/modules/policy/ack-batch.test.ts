import crypto from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { policyApi } from '@fleetdeck/contract';
import { auditEntries, deviceLogs, policyAcks, profiles } from '../../db/schema.ts';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';
import { call } from '../../../test/support/call.ts';
import { applyProfile } from '../../../test/support/profiles.ts';
import { customerWithSeats, enrolDevice, type TestDevice } from '../../../test/support/factory.ts';
import { inOneWindow } from '../../../test/support/helpers.ts';
import { DEVICE_WRITE_LIMITS } from '../devices/service.ts';
import { AckBatcher, ackBatcherOf } from './ack-batch.ts';

/**
 * Issue 25 (≥ 2,000 acks/s): acks that arrive together are written by one transaction. Each ack still gets its own
 * answer under the rules of one ack: its limit, 404/409, one record per version, the applied version never backwards.
 */
let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
});
afterAll(async () => rt?.close());

const ack = (d: TestDevice, version: number, result: 'Success' | 'Failed' = 'Success', message = '') =>
  call(rt, policyApi.ack, { token: d.auth, body: { version, result, message } });

describe('acks written together (ack-batch.ts)', () => {
  it('concurrent acks share transactions, and each is answered as if alone', async () => {
    const c = await customerWithSeats(rt, 'PD', 24);
    const devices: TestDevice[] = [];
    for (let i = 0; i < 24; i++) devices.push(await enrolDevice(rt, c));
    for (const d of devices) await applyProfile(rt, c, d.profileId);
    // The first device is on version 2 (applied twice); it reports 1 and 2 in the same moment.
    await applyProfile(rt, c, devices[0]!.profileId);
    const [first, second, third, ...rest] = devices as [TestDevice, TestDevice, TestDevice, ...TestDevice[]];

    const batcher = ackBatcherOf(rt.ctx);
    // Each request reads its session before it reaches the batcher, and those reads finish in any order. The first
    // device's version 1 is held until its version 2 has reached the batcher, so version 2 is never written after it:
    // the two share a batch or version 2's batch comes first.
    const submit = AckBatcher.prototype.submit;
    let versionTwoSubmitted!: () => void;
    const versionTwoReached = new Promise<void>((resolve) => (versionTwoSubmitted = resolve));
    const held = vi.spyOn(batcher, 'submit').mockImplementation(async (device, body, actor) => {
      if (device.deviceId !== first.deviceId) return submit.call(batcher, device, body, actor);
      if (body.version === 1) await versionTwoReached;
      const answer = submit.call(batcher, device, body, actor);
      if (body.version === 2) versionTwoSubmitted();
      return answer;
    });
    const before = { ...batcher.written };
    const answers = await Promise.all([
      ack(first, 2),
      ack(first, 1),
      // The same version twice at once: recorded once, both answered 200.
      ack(second, 1, 'Failed', 'disk full'),
      ack(second, 1, 'Failed', 'disk full'),
      // A version never served.
      ack(third, 7),
      ...rest.map((d) => ack(d, 1)),
    ]).finally(() => held.mockRestore());
    const after = batcher.written;

    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 409, ...rest.map(() => 200)]);
    expect(answers[0]!.data().data).toEqual({ version: 2, currentVersion: 2, appliedPolicyVersion: 2 });
    // Reported after version 2: recorded, but the applied version stays 2 (never backwards).
    expect(answers[1]!.data().data).toEqual({ version: 1, currentVersion: 2, appliedPolicyVersion: 2 });
    expect(answers[1]!.data().respones_msg).toBe('Recorded. A newer policy (version 2) is waiting.');
    expect(answers[2]!.data().data).toEqual({ version: 1, currentVersion: 1, appliedPolicyVersion: 1 });
    expect(answers[3]!.data().data).toEqual(answers[2]!.data().data);
    expect(answers[4]!.error()).toMatchObject({
      code: 'E_CONFLICT',
      respones_msg: 'Policy version 7 does not exist (current: 1). Fetch the policy again.',
    });

    // 28 acks in fewer transactions than acks (they arrived in the same moment).
    expect(after.acks - before.acks).toBe(answers.length);
    expect(after.batches - before.batches).toBeLessThan(answers.length / 4);

    const ids = devices.map((d) => d.deviceId);
    const logs = await rt.ctx.db
      .select({ deviceId: deviceLogs.deviceId, result: deviceLogs.activityResult })
      .from(deviceLogs)
      .where(and(inArray(deviceLogs.deviceId, ids), eq(deviceLogs.deviceActivity, 'Apply')));
    // One row per recorded (device, version): the first device two, the second one (its repeat none), the third none.
    expect(logs).toHaveLength(2 + 1 + rest.length);
    expect(logs.filter((l) => l.deviceId === second.deviceId)).toEqual([
      { deviceId: second.deviceId, result: 'Failed: disk full' },
    ]);
    expect(logs.filter((l) => l.deviceId === third.deviceId)).toEqual([]);
    const audits = await rt.ctx.db
      .select({ message: auditEntries.message, hasError: auditEntries.hasError })
      .from(auditEntries)
      .where(
        and(eq(auditEntries.customerId, c.id), eq(auditEntries.subType, 'Apply'), eq(auditEntries.type, 'Device')),
      );
    expect(audits).toHaveLength(logs.length);
    expect(audits.filter((a) => a.hasError)).toEqual([
      { message: `Device ${second.serialNumber} (PD) applied policy version 1: Failed: disk full`, hasError: true },
    ]);
    const recorded = await rt.ctx.db
      .select({ profileId: policyAcks.profileId, version: policyAcks.version })
      .from(policyAcks)
      .where(
        inArray(
          policyAcks.profileId,
          devices.map((d) => d.profileId),
        ),
      );
    expect(recorded).toHaveLength(logs.length);
    const [firstProfile] = await rt.ctx.db
      .select({ applied: profiles.appliedPolicyVersion, result: profiles.appliedResult })
      .from(profiles)
      .where(eq(profiles.id, first.profileId));
    expect(firstProfile).toEqual({ applied: 2, result: 'Success' });
  });

  it("a device's limit counts every ack of a batch in order: the one past the limit is refused with 429", async () => {
    const c = await customerWithSeats(rt, 'PD', 1);
    const d = await enrolDevice(rt, c);
    await applyProfile(rt, c, d.profileId);
    const max = DEVICE_WRITE_LIMITS.ack.max;
    await inOneWindow(10, DEVICE_WRITE_LIMITS.ack.windowSeconds);
    const answers = await Promise.all(Array.from({ length: max + 2 }, () => ack(d, 1)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((s) => s === 200)).toHaveLength(max);
    expect(codes.filter((s) => s === 429)).toHaveLength(2);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.error()).toMatchObject({ code: 'E_RATE_LIMITED' });
    expect(refused.error().respones_msg).toMatch(/Too many policy reports from this device/);
    expect(await rt.ctx.db.select().from(policyAcks).where(eq(policyAcks.profileId, d.profileId))).toHaveLength(1);
  });

  it('an ack that breaks its batch is refused alone; the others of the batch are written', async () => {
    const c = await customerWithSeats(rt, 'PD', 3);
    const good = [await enrolDevice(rt, c), await enrolDevice(rt, c)];
    const bad = await enrolDevice(rt, c);
    for (const d of [...good, bad]) await applyProfile(rt, c, d.profileId);
    const batcher = ackBatcherOf(rt.ctx);
    const info = (d: TestDevice, customerId = c.id) => ({
      deviceId: d.deviceId,
      customerId,
      family: 'PD' as const,
      appName: 'Power Device',
      serialNumber: d.serialNumber,
      deviceName: '',
      profileId: d.profileId,
    });
    const actor = (d: TestDevice) => ({ kind: 'device' as const, id: d.deviceId, customerId: c.id, ip: '10.0.0.1' });
    const before = { ...batcher.written };
    // A customer that does not exist: its device log row breaks the batch's transaction (foreign key).
    const results = await Promise.allSettled([
      batcher.submit(info(good[0]!), { version: 1, result: 'Success', message: '' }, actor(good[0]!)),
      batcher.submit(info(bad, crypto.randomUUID()), { version: 1, result: 'Success', message: '' }, actor(bad)),
      batcher.submit(info(good[1]!), { version: 1, result: 'Success', message: '' }, actor(good[1]!)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    // The failed batch of three was written again one by one: two of them committed alone.
    expect(batcher.written.batches - before.batches).toBe(2);
    const recorded = await rt.ctx.db
      .select({ profileId: policyAcks.profileId })
      .from(policyAcks)
      .where(
        inArray(
          policyAcks.profileId,
          [...good, bad].map((d) => d.profileId),
        ),
      );
    expect(recorded.map((r) => r.profileId).sort()).toEqual(good.map((d) => d.profileId).sort());
  });
});
