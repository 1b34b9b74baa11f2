import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policyApi, profilesApi, type PolicyResponse } from '@fleetdeck/contract';
import { inTransaction } from '../../context.ts';
import { deviceApplications, profiles } from '../../db/schema.ts';
import type { CustomerActor } from '../../lib/actor.ts';
import { call } from '../../../test/support/call.ts';
import { dataOf, fleetOwner, type Customer, type Device } from '../../../test/support/profiles.ts';
import { startWithFleetOwner } from '../../../test/support/suites.ts';
import type { TestRuntime } from '../../../test/support/runtime.ts';
import { applySettings, type SettingsDocument } from './apply.ts';
import { readSettings } from '../profiles/settings.ts';

let rt: TestRuntime;
let owner: Awaited<ReturnType<typeof fleetOwner>>;
beforeAll(async () => ({ rt, owner } = await startWithFleetOwner()));
afterAll(async () => rt?.close());

const actorOf = (c: Customer): CustomerActor => ({ kind: 'customer', id: c.id, ip: null });

const run = (c: Customer, profileIds: string[], settings: SettingsDocument | Map<string, SettingsDocument>) =>
  inTransaction(rt.ctx.db, (tx, afterCommit) =>
    applySettings(tx, rt.ctx, { customerId: c.id, profileIds, settings, actor: actorOf(c), afterCommit }),
  );

const policyOf = async (d: Device) =>
  dataOf<PolicyResponse['data']>(await call(rt, policyApi.policy, { token: d.auth }));

const template = (overrides: Partial<ReturnType<typeof readSettings>> = {}) => ({
  ...readSettings({}),
  pin: '8642',
  advancedSettings: { ...readSettings({}).advancedSettings, disableFactoryReset: true, disbableBixbyPackages: true },
  ...overrides,
});

describe('applySettings (the apply engine of templates, groups and rollouts)', () => {
  it("replaces each profile's settings, freezes the policy, bumps the version and answers the previous settings", async () => {
    const a = await owner.enrol('PD');
    const b = await owner.enrol('PD');
    const edited = await call(rt, profilesApi.update, {
      token: owner.token,
      body: { profileId: a.profileId, pin: '1111' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const [deviceA] = await rt.ctx.db
      .select({ deviceId: profiles.deviceId })
      .from(profiles)
      .where(eq(profiles.id, a.profileId));
    // The console's app choice on the device is not part of a template: it stays in the policy.
    await rt.ctx.db
      .insert(deviceApplications)
      .values({ deviceId: deviceA!.deviceId, packageName: 'com.example.game', desiredDisable: true });

    const applied = await run(owner, [a.profileId, b.profileId], template());
    expect(applied).toHaveLength(2);
    const ofA = applied.find((x) => x.profileId === a.profileId)!;
    expect(ofA.policyVersion).toBe(1);
    expect(ofA.previousSettings).toMatchObject({ pin: '1111' });
    expect(applied.find((x) => x.profileId === b.profileId)!.previousSettings).toEqual({});

    const policy = await policyOf(a);
    expect(policy.version).toBe(1);
    expect(policy.policy).toMatchObject({
      pin: '8642',
      advancedSettings: expect.objectContaining({ disableFactoryReset: true, disbableBixbyPackages: true }),
      applications: [{ packageName: 'com.example.game', disable: true }],
    });
    const detail = dataOf<{ pin: string; hasUnappliedChanges: boolean; policyVersion: number }>(
      await call(rt, profilesApi.detail, { token: owner.token, query: { profileId: b.profileId } }),
    );
    expect(detail).toMatchObject({ pin: '8642', hasUnappliedChanges: false, policyVersion: 1 });

    // Applied again: the version moves again (each application is a new policy version the device acknowledges).
    const again = await run(owner, [a.profileId], template({ pin: '' }));
    expect(again[0]!.policyVersion).toBe(2);
    expect(again[0]!.previousSettings).toMatchObject({ pin: '8642' });
    expect((await policyOf(a)).policy).toMatchObject({ pin: '' });
  });

  it('re-applies per-profile documents (a rollback) exactly, defaults included', async () => {
    const a = await owner.enrol('PD');
    const b = await owner.enrol('PD');
    const first = await run(owner, [a.profileId, b.profileId], template());
    const previous = new Map(first.map((x) => [x.profileId, x.previousSettings]));
    const rolledBack = await run(owner, [a.profileId, b.profileId], previous);
    expect(rolledBack.map((x) => x.policyVersion)).toEqual([2, 2]);
    const policy = await policyOf(a);
    expect(policy.policy).toMatchObject({
      pin: '',
      advancedSettings: expect.objectContaining({ disableFactoryReset: false, disbableBixbyPackages: false }),
    });
    // A profile missing from the map is left alone.
    const only = await run(owner, [a.profileId, b.profileId], new Map([[a.profileId, template()]]));
    expect(only.map((x) => x.profileId)).toEqual([a.profileId]);
    expect((await policyOf(b)).version).toBe(2);
  });

  it("leaves another customer's profiles and unknown ids alone", async () => {
    const other = await fleetOwner(rt, 2);
    const theirs = await other.enrol('PD');
    const mine = await owner.enrol('PD');
    const applied = await run(owner, [theirs.profileId, mine.profileId, crypto.randomUUID()], template());
    expect(applied.map((x) => x.profileId)).toEqual([mine.profileId]);
    const [row] = await rt.ctx.db
      .select({ version: profiles.policyVersion, settings: profiles.settings })
      .from(profiles)
      .where(eq(profiles.id, theirs.profileId));
    expect(row).toEqual({ version: 0, settings: {} });
  });

  it('wakes every device once the transaction commits, and none when it rolls back', async () => {
    const devices = await Promise.all([owner.enrol('PD'), owner.enrol('PD'), owner.enrol('PD')]);
    const ids = devices.map((d) => d.profileId);
    const deviceIds = (
      await rt.ctx.db.select({ deviceId: profiles.deviceId }).from(profiles).where(inArray(profiles.id, ids))
    ).map((r) => r.deviceId);
    const waits = deviceIds.map((id) => rt.ctx.wakeups.wait(id, 5000));
    await expect(
      inTransaction(rt.ctx.db, async (tx) => {
        await applySettings(tx, rt.ctx, {
          customerId: owner.id,
          profileIds: ids,
          settings: template(),
          actor: actorOf(owner),
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const versions = await rt.ctx.db
      .select({ v: profiles.policyVersion })
      .from(profiles)
      .where(inArray(profiles.id, ids));
    expect(versions.map((r) => r.v)).toEqual([0, 0, 0]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(deviceIds.map((id) => rt.ctx.wakeups.waiterCount(id))).toEqual([1, 1, 1]);
    await run(owner, ids, template());
    expect(await Promise.all(waits.map((w) => w.promise))).toEqual(['woken', 'woken', 'woken']);
  });
});
