import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityApi,
  commandsApi,
  devicesApi,
  fleetApi,
  licencesApi,
  policyApi,
  profilesApi,
  type ProfileListItem,
} from '@fleetdeck/contract';
import { eq } from 'drizzle-orm';
import { profiles } from '../../db/schema.ts';
import { writeAudit } from '../audit/service.ts';
import { call } from '../../../test/support/call.ts';
import { newMember } from '../../../test/support/factory.ts';
import { pdGroup, pdTemplate } from '../../../test/support/fleet.ts';
import { dataOf, failure, type Device, type fleetOwner } from '../../../test/support/profiles.ts';
import type { TestRuntime } from '../../../test/support/runtime.ts';
import { startWithFleetOwner } from '../../../test/support/suites.ts';

/**
 * Group scope (DECISIONS §12): a member whose `groupIds` are set sees and acts on the devices of those groups only;
 * every id outside them (a device of another group, a device in no group, another group) answers 404, as another
 * account's would. Counts (the list's total, the dashboard) are those of their groups.
 */

let rt: TestRuntime;
let owner: Awaited<ReturnType<typeof fleetOwner>>;
let a1: Device, a2: Device, b1: Device, loose: Device;
let groupA: { id: string }, groupB: { id: string };
type Member = Awaited<ReturnType<typeof newMember>>;
let tech: Member, viewer: Member, admin: Member;

beforeAll(async () => {
  ({ rt, owner } = await startWithFleetOwner());
  a1 = await owner.enrol('PD');
  a2 = await owner.enrol('PD');
  b1 = await owner.enrol('PD');
  loose = await owner.enrol('PD');
  groupA = await pdGroup(rt, owner.id, 'Warehouse A', [a1.profileId, a2.profileId]);
  groupB = await pdGroup(rt, owner.id, 'Warehouse B', [b1.profileId]);
  tech = await newMember(rt, owner, 'Technician', { groupIds: [groupA.id] });
  viewer = await newMember(rt, owner, 'Viewer', { groupIds: [groupA.id] });
  admin = await newMember(rt, owner, 'Admin');
});
afterAll(async () => rt?.close());

const list = async (token: string, query: { groupId?: string } = {}) => {
  const res = await call(rt, devicesApi.profileList, { token, query });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { data: ProfileListItem[]; pagination: { total: number } };
  return { serials: body.data.map((p) => p.name).sort(), total: body.pagination.total };
};
const detail = (token: string, profileId: string) => call(rt, profilesApi.detail, { token, query: { profileId } });
const dashboard = async (token: string) =>
  dataOf<{ enrolDevices: number; pdEnrolledDevices: number; purchasedDevices: number }>(
    await call(rt, licencesApi.dashboard, { token }),
  );

describe('a Technician scoped to group A', () => {
  it("lists and counts only A's devices (the list's total and the dashboard)", async () => {
    expect(await list(tech.token)).toEqual({ serials: [a1.serialNumber, a2.serialNumber].sort(), total: 2 });
    // Another group as a filter finds nothing (no count of it leaks either).
    expect(await list(tech.token, { groupId: groupB.id })).toEqual({ serials: [], total: 0 });
    expect((await list(tech.token, { groupId: groupA.id })).total).toBe(2);

    const own = await dashboard(owner.token);
    const scoped = await dashboard(tech.token);
    expect(own).toMatchObject({ enrolDevices: 4, pdEnrolledDevices: 4 });
    expect(scoped).toMatchObject({ enrolDevices: 2, pdEnrolledDevices: 2 });
    // Seats stay the account's.
    expect(scoped.purchasedDevices).toBe(own.purchasedDevices);
    const summary = async (token: string) =>
      (await call(rt, licencesApi.summary, { token })).json() as {
        enrolledDevices: number;
        data: { family: string; used: number }[];
      };
    const [ownSummary, scopedSummary] = [await summary(owner.token), await summary(tech.token)];
    expect(scopedSummary.enrolledDevices).toBe(2);
    expect(ownSummary.enrolledDevices).toBe(4);
    // The seats of each family (and the exceeded banner) are the account's.
    expect(scopedSummary.data).toEqual(ownSummary.data);
  });

  it('gets 404 on a device of group B, on a device in no group and on group B', async () => {
    expect((await detail(tech.token, a1.profileId)).statusCode).toBe(200);
    failure(await detail(tech.token, b1.profileId), 404, 'E_PROFILE_NOT_FOUND');
    failure(await detail(tech.token, loose.profileId), 404, 'E_PROFILE_NOT_FOUND');
    failure(
      await call(rt, policyApi.apply, { token: tech.token, query: { profileId: b1.profileId } }),
      404,
      'E_PROFILE_NOT_FOUND',
    );
    expect(
      (await call(rt, devicesApi.logout, { token: tech.token, query: { serialNumber: b1.serialNumber } })).statusCode,
    ).toBe(404);
    expect(
      (await call(rt, fleetApi.profileDrift, { token: tech.token, query: { profileId: loose.profileId } })).statusCode,
    ).toBe(404);

    expect((await call(rt, fleetApi.groupDetail, { token: tech.token, params: { id: groupA.id } })).statusCode).toBe(
      200,
    );
    expect((await call(rt, fleetApi.groupDetail, { token: tech.token, params: { id: groupB.id } })).statusCode).toBe(
      404,
    );
    const groups = dataOf<{ _id: string }[]>(await call(rt, fleetApi.groupList, { token: tech.token, query: {} }));
    expect(groups.map((g) => g._id)).toEqual([groupA.id]);
    expect(
      (
        await call(rt, commandsApi.commandPreflight, {
          token: tech.token,
          body: { type: 'ring', profileIds: [b1.profileId] },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('applies a setting to a device of A', async () => {
    const saved = await call(rt, profilesApi.update, {
      token: tech.token,
      body: { profileId: a1.profileId, pin: '4321' },
    });
    expect(saved.statusCode).toBe(200);
    expect(
      (await call(rt, policyApi.apply, { token: tech.token, query: { profileId: a1.profileId } })).statusCode,
    ).toBe(200);
    failure(
      await call(rt, profilesApi.update, { token: tech.token, body: { profileId: b1.profileId, pin: '4321' } }),
      404,
      'E_PROFILE_NOT_FOUND',
    );
  });

  it('cannot move a device of B (into A, by the group or by bulk action) and cannot create a group', async () => {
    const added = await call(rt, fleetApi.groupAddDevices, {
      token: tech.token,
      params: { id: groupA.id },
      body: { profileIds: [b1.profileId] },
    });
    expect(added.statusCode).toBe(404);
    const bulk = await call(rt, fleetApi.bulkActionCreate, {
      token: tech.token,
      body: { action: 'move-to-group', profileIds: [b1.profileId], targetGroupId: groupA.id },
    });
    expect(bulk.statusCode).toBe(404);
    const intoB = await call(rt, fleetApi.bulkActionCreate, {
      token: tech.token,
      body: { action: 'move-to-group', profileIds: [a1.profileId], targetGroupId: groupB.id },
    });
    expect(intoB.statusCode).toBe(404);
    // Still where it was.
    expect((await list(owner.token, { groupId: groupB.id })).serials).toEqual([b1.serialNumber]);

    // Group B itself is not found, whatever the call.
    const b = { params: { id: groupB.id } };
    const onB = [
      await call(rt, fleetApi.groupUpdate, { token: tech.token, ...b, body: { name: 'Renamed' } }),
      await call(rt, fleetApi.groupDelete, { token: tech.token, ...b }),
      await call(rt, fleetApi.groupRemoveDevices, { token: tech.token, ...b, body: { profileIds: [b1.profileId] } }),
      await call(rt, fleetApi.groupEnrolmentQr, { token: tech.token, ...b }),
    ];
    expect(onB.map((r) => r.statusCode)).toEqual([404, 404, 404, 404]);
    expect((await call(rt, fleetApi.groupDetail, { token: owner.token, ...b })).json().data.name).toBe('Warehouse B');

    // A bulk action of the owner over group B is not the Technician's to read.
    const ownersMove = await call(rt, fleetApi.bulkActionCreate, {
      token: owner.token,
      body: { action: 'move-to-group', profileIds: [loose.profileId], targetGroupId: groupB.id },
    });
    expect(ownersMove.statusCode).toBe(200);
    const moveId = ownersMove.json().data._id as string;
    expect(
      (await call(rt, fleetApi.bulkActionDetail, { token: tech.token, params: { id: moveId }, query: {} })).statusCode,
    ).toBe(404);
    expect(
      (await call(rt, fleetApi.bulkActionDetail, { token: owner.token, params: { id: moveId }, query: {} })).statusCode,
    ).toBe(200);

    const created = await call(rt, fleetApi.groupCreate, { token: tech.token, body: { name: 'Mine', family: 'PD' } });
    expect(created.statusCode).toBe(403);
    expect(created.json().respones_msg).toMatch(/limited to some groups/);
  });

  it('sees only the rollouts and commands of its groups', async () => {
    const template = await pdTemplate(rt, owner.id, 'Scope pin', '1357');
    const rolloutB = await call(rt, fleetApi.rolloutCreate, {
      token: owner.token,
      body: { templateId: template.id, groupId: groupB.id },
    });
    expect(rolloutB.statusCode).toBe(200);
    const rolloutId = rolloutB.json().data._id as string;
    expect((await call(rt, fleetApi.rolloutDetail, { token: tech.token, params: { id: rolloutId } })).statusCode).toBe(
      404,
    );
    expect((await call(rt, fleetApi.rolloutDetail, { token: owner.token, params: { id: rolloutId } })).statusCode).toBe(
      200,
    );
    const cancel = await call(rt, fleetApi.rolloutCancel, { token: tech.token, params: { id: rolloutId } });
    expect(cancel.statusCode).toBe(404);
    // A rollout to a group outside the scope cannot be started either.
    const refused = await call(rt, fleetApi.rolloutCreate, {
      token: tech.token,
      body: { templateId: template.id, profileIds: [a1.profileId, b1.profileId] },
    });
    expect(refused.statusCode).toBe(404);

    const toB = await call(rt, commandsApi.commandCreate, {
      token: owner.token,
      body: { type: 'ring', profileIds: [b1.profileId, a1.profileId] },
    });
    const toA = await call(rt, commandsApi.commandCreate, {
      token: tech.token,
      body: { type: 'ring', profileIds: [a1.profileId] },
    });
    expect(toB.statusCode).toBe(200);
    expect(toA.statusCode).toBe(200);
    const commandIds = dataOf<{ _id: string }[]>(
      await call(rt, commandsApi.commandList, { token: tech.token, query: {} }),
    ).map((c) => c._id);
    expect(commandIds).toEqual([toA.json().data._id]);
    const other = toB.json().data._id as string;
    expect((await call(rt, commandsApi.commandDetail, { token: tech.token, params: { id: other } })).statusCode).toBe(
      404,
    );
    expect((await call(rt, commandsApi.commandCancel, { token: tech.token, params: { id: other } })).statusCode).toBe(
      404,
    );
  });

  it("reads only its devices' logs", async () => {
    for (const d of [a1, b1, loose]) {
      const sent = await call(rt, devicesApi.logs, {
        token: d.auth,
        body: { logs: [{ deviceActivity: 'Scope check', activityResult: 'Success' }] },
      });
      expect(sent.statusCode).toBe(200);
    }
    const serialsOf = async (token: string) => {
      const res = await call(rt, activityApi.deviceLogList, { token, query: { limit: 50 } });
      expect(res.statusCode).toBe(200);
      return new Set(
        (res.json() as { data: { data: { serialNumber: string }[] } }).data.data.map((l) => l.serialNumber),
      );
    };
    const scoped = await serialsOf(tech.token);
    expect(scoped.has(a1.serialNumber)).toBe(true);
    expect([...scoped].every((serial) => serial === a1.serialNumber || serial === a2.serialNumber)).toBe(true);
    const all = await serialsOf(owner.token);
    expect(all.has(b1.serialNumber) && all.has(loose.serialNumber)).toBe(true);
  });

  it("reads only its groups' rows of the audit log, and its own", async () => {
    const ownerActor = { kind: 'customer' as const, id: owner.id, ip: null };
    // Real actions of the Owner on a device of A, of B and in no group, and on both groups.
    for (const d of [a2, b1, loose]) {
      const saved = await call(rt, profilesApi.update, {
        token: owner.token,
        body: { profileId: d.profileId, pin: '2468' },
      });
      expect(saved.statusCode).toBe(200);
    }
    for (const [group, name] of [
      [groupA, 'Warehouse A north'],
      [groupB, 'Warehouse B north'],
    ] as const) {
      const renamed = await call(rt, fleetApi.groupUpdate, {
        token: owner.token,
        params: { id: group.id },
        body: { name },
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
    }
    // A row about devices that names none (as rows written before device and group were recorded), one of the account,
    // and one the Technician wrote that names none either.
    await writeAudit(rt.ctx.db, {
      customerId: owner.id,
      type: 'Profile',
      subType: 'Template',
      message: 'About no device',
      actor: ownerActor,
    });
    await writeAudit(rt.ctx.db, {
      customerId: owner.id,
      type: 'User Account',
      subType: 'Update',
      message: 'An account row',
      actor: ownerActor,
    });
    await writeAudit(rt.ctx.db, {
      customerId: owner.id,
      type: 'Device',
      subType: 'Command Sent',
      message: 'The Technician sent it',
      actor: { ...ownerActor, member: { id: tech.id, role: 'Technician', groupIds: [groupA.id] } },
    });

    const messagesOf = async (token: string) => {
      const out: string[] = [];
      let cursor: string | undefined;
      for (let page = 1; ; page++) {
        const res = await call(rt, activityApi.auditList, {
          token,
          query: { limit: 50, page, ...(cursor ? { cursor } : {}) },
        });
        expect(res.statusCode, res.body).toBe(200);
        const data = res.data().data;
        out.push(...data.data.map((r) => r.message));
        if (!data.pagination.nextCursor) return out;
        cursor = data.pagination.nextCursor;
      }
    };
    const about = (rows: string[], text: string) => rows.some((m) => m.includes(text));
    // The pin rows name the profile; the enrolment rows (written by the device) its serial number.
    const pinSet = async (d: Device) => {
      const [p] = await rt.ctx.db
        .select({ name: profiles.profileName })
        .from(profiles)
        .where(eq(profiles.id, d.profileId));
      return `Profile ${p!.name} (PD): pin set`;
    };
    const [a2Pin, b1Pin, loosePin] = [await pinSet(a2), await pinSet(b1), await pinSet(loose)];
    for (const member of [tech, viewer]) {
      const rows = await messagesOf(member.token);
      expect(rows, member.role).toContain(a2Pin);
      expect(about(rows, `Device enrolled: ${a1.serialNumber}`)).toBe(true);
      expect(about(rows, 'Warehouse A north')).toBe(true);
      expect(rows).toContain('An account row');
      expect(rows).not.toContain(b1Pin);
      expect(rows).not.toContain(loosePin);
      expect(about(rows, b1.serialNumber)).toBe(false);
      expect(about(rows, loose.serialNumber)).toBe(false);
      expect(about(rows, 'Warehouse B north')).toBe(false);
      expect(rows).not.toContain('About no device');
    }
    expect(await messagesOf(tech.token)).toContain('The Technician sent it');
    expect(await messagesOf(viewer.token)).not.toContain('The Technician sent it');
    // The unscoped read everything.
    for (const token of [owner.token, admin.token]) {
      const rows = await messagesOf(token);
      for (const text of [a2Pin, b1Pin, loosePin, b1.serialNumber, 'Warehouse B north', 'About no device']) {
        expect(about(rows, text), text).toBe(true);
      }
    }
  });
});

describe('a Viewer scoped to group A', () => {
  it('gets 403 on writes and 404 outside A', async () => {
    expect((await detail(viewer.token, a1.profileId)).statusCode).toBe(200);
    failure(
      await call(rt, profilesApi.update, { token: viewer.token, body: { profileId: a1.profileId, pin: '1111' } }),
      403,
      'E_FORBIDDEN',
    );
    failure(await detail(viewer.token, b1.profileId), 404, 'E_PROFILE_NOT_FOUND');
    expect((await call(rt, fleetApi.groupDetail, { token: viewer.token, params: { id: groupB.id } })).statusCode).toBe(
      404,
    );
  });
});

describe('an unscoped Admin', () => {
  it('sees every device and group of the account', async () => {
    const all = await list(admin.token);
    expect(all.serials).toEqual([a1.serialNumber, a2.serialNumber, b1.serialNumber, loose.serialNumber].sort());
    expect(all.total).toBe(4);
    expect((await detail(admin.token, loose.profileId)).statusCode).toBe(200);
    expect((await call(rt, fleetApi.groupDetail, { token: admin.token, params: { id: groupB.id } })).statusCode).toBe(
      200,
    );
    expect((await dashboard(admin.token)).enrolDevices).toBe(4);
  });
});

// Last in the file: its logout (a background job) takes a2's seat away, which the counts above must not race with.
describe("a Technician's logout", () => {
  it('cannot log out two devices by bulk action (403 naming fleet.bulk) but can log out one', async () => {
    const two = await call(rt, fleetApi.bulkActionCreate, {
      token: tech.token,
      body: { action: 'logout', profileIds: [a1.profileId, a2.profileId] },
    });
    failure(two, 403, 'E_FORBIDDEN');
    expect(two.json().respones_msg).toMatch(/fleet\.bulk/);
    const group = await call(rt, fleetApi.bulkActionCreate, {
      token: tech.token,
      body: { action: 'logout', groupId: groupA.id },
    });
    failure(group, 403, 'E_FORBIDDEN');

    const one = await call(rt, fleetApi.bulkActionCreate, {
      token: tech.token,
      body: { action: 'logout', profileIds: [a2.profileId] },
    });
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({ action: 'logout', total: 1 });
    await rt.settle();
    const done = await call(rt, fleetApi.bulkActionDetail, {
      token: tech.token,
      params: { id: (one.json().data as { _id: string })._id },
      query: {},
    });
    expect(done.json().data).toMatchObject({ state: 'completed', done: 1, failed: 0 });
  });
});
