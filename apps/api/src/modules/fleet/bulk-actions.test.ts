import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleetApi, policyApi } from '@fleetdeck/contract';
import { call } from '../../../test/support/call.ts';
import { newCustomer } from '../../../test/support/factory.ts';
import { pdGroup } from '../../../test/support/fleet.ts';
import { dataOf, failure, profileRow, type fleetOwner, type Device } from '../../../test/support/profiles.ts';
import type { TestRuntime } from '../../../test/support/runtime.ts';
import { startWithFleetOwner } from '../../../test/support/suites.ts';
import { freeSeats } from '../licences/service.ts';
import { runBulkAction } from './bulk-actions-jobs.ts';

/**
 * Bulk actions (DECISIONS §10): created with their device rows, run by the `bulk-actions.run` job in batches (driven
 * directly here, with a small batch so several run), progress and per-device results read back.
 */

let rt: TestRuntime;
let owner: Awaited<ReturnType<typeof fleetOwner>>;

beforeAll(async () => {
  ({ rt, owner } = await startWithFleetOwner());
});
afterAll(async () => rt?.close());

async function devices(n: number) {
  const out: Device[] = [];
  for (let i = 0; i < n; i++) out.push(await owner.enrol('PD'));
  return out;
}

type BulkAction = Awaited<ReturnType<typeof detail>>;
const detail = async (id: string, query: { state?: 'pending' | 'done' | 'failed'; limit?: 5 | 10 | 25 } = {}) =>
  (await call(rt, fleetApi.bulkActionDetail, { token: owner.token, params: { id }, query })).data().data;

describe('bulk logout', () => {
  it("logs out a group's devices in batches, frees their seats and reports each device", async () => {
    const fleet = await devices(5);
    const g = await pdGroup(
      rt,
      owner.id,
      'To retire',
      fleet.map((d) => d.profileId),
    );
    const free = await freeSeats(rt.ctx.db, owner.id, 'PD');
    const created = dataOf<BulkAction>(
      await call(rt, fleetApi.bulkActionCreate, { token: owner.token, body: { action: 'logout', groupId: g.id } }),
    );
    expect(created).toMatchObject({ action: 'logout', total: 5, failed: 0 });
    expect(['queued', 'running', 'completed']).toContain(created.state);

    await runBulkAction(rt.ctx, created._id, 2);
    await rt.settle();
    const done = await detail(created._id, { limit: 10 });
    expect(done).toMatchObject({ state: 'completed', total: 5, done: 5, failed: 0 });
    expect(done.finishedAt).not.toBeNull();
    expect(done.results.map((r) => r.serialNumber).sort()).toEqual(fleet.map((d) => d.serialNumber).sort());
    expect(done.results.every((r) => r.state === 'done')).toBe(true);
    expect(await freeSeats(rt.ctx.db, owner.id, 'PD')).toBe(free + 5);
    // The devices' tokens stop working.
    failure(await call(rt, policyApi.policy, { token: fleet[0]!.auth }), 401, 'E_DEVICE_LOGGED_OUT');
  });

  it('refuses devices and groups of another customer, and their bulk actions', async () => {
    const other = await newCustomer(rt);
    const [mine] = await devices(1);
    const g = await pdGroup(rt, owner.id, 'Mine', [mine!.profileId]);
    const asOther = (body: Parameters<typeof bulkCreate>[0]) => bulkCreate(body, other.token);
    failure(await asOther({ action: 'logout', profileIds: [mine!.profileId] }), 404, 'E_NOT_FOUND');
    failure(await asOther({ action: 'logout', groupId: g.id }), 404, 'E_NOT_FOUND');
    const created = dataOf<BulkAction>(await bulkCreate({ action: 'logout', profileIds: [mine!.profileId] }));
    failure(
      await call(rt, fleetApi.bulkActionDetail, { token: other.token, params: { id: created._id }, query: {} }),
      404,
      'E_NOT_FOUND',
    );
    await rt.settle();
    expect((await detail(created._id)).state).toBe('completed');
  });
});

describe('bulk move to a group', () => {
  it("moves devices (leaving their group) into the target, which applies its template; another family's fail", async () => {
    const fleet = await devices(3);
    const kiosk = await owner.enrol('SL');
    await pdGroup(
      rt,
      owner.id,
      'Old home',
      fleet.map((d) => d.profileId),
    );
    const template = dataOf<{ _id: string }>(
      await call(rt, fleetApi.templateCreate, {
        token: owner.token,
        body: { name: 'Target settings', fromProfileId: fleet[0]!.profileId },
      }),
    );
    const target = dataOf<{ _id: string }>(
      await call(rt, fleetApi.groupCreate, {
        token: owner.token,
        body: { name: 'New home', family: 'PD', templateId: template._id },
      }),
    );
    const versions = await Promise.all(fleet.map(async (d) => (await profileRow(rt, d.profileId)).policyVersion));
    const created = dataOf<BulkAction>(
      await bulkCreate({
        action: 'move-to-group',
        profileIds: [...fleet.map((d) => d.profileId), kiosk.profileId],
        targetGroupId: target._id,
      }),
    );
    expect(created).toMatchObject({ action: 'move-to-group', total: 4, targetGroupId: target._id });
    await runBulkAction(rt.ctx, created._id, 3);
    await rt.settle();
    const done = await detail(created._id);
    expect(done).toMatchObject({ state: 'completed', done: 3, failed: 1 });
    const failed = await detail(created._id, { state: 'failed' });
    expect(failed.results).toEqual([
      expect.objectContaining({
        profileId: kiosk.profileId,
        state: 'failed',
        message: expect.stringContaining('New home'),
      }),
    ]);
    for (const [i, d] of fleet.entries()) {
      const p = await profileRow(rt, d.profileId);
      expect(p.groupId).toBe(target._id);
      expect(p.policyVersion).toBeGreaterThan(versions[i]!);
    }
    expect((await profileRow(rt, kiosk.profileId)).groupId).toBeNull();
  });

  it('refuses a target group of another customer', async () => {
    const other = await newCustomer(rt);
    const [mine] = await devices(1);
    const g = await pdGroup(rt, owner.id, 'Not theirs', []);
    failure(
      await bulkCreate({ action: 'move-to-group', profileIds: [mine!.profileId], targetGroupId: g.id }, other.token),
      404,
      'E_NOT_FOUND',
    );
  });
});

function bulkCreate(
  body: { action: 'logout' | 'move-to-group'; profileIds?: string[]; groupId?: string; targetGroupId?: string },
  token = owner.token,
) {
  return call(rt, fleetApi.bulkActionCreate, { token, body });
}
