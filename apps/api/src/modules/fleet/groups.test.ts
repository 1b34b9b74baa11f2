import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LIST_COUNT_CAP,
  devicesApi,
  fleetApi,
  policyApi,
  profilesApi,
  type Group,
  type PolicyResponse,
  type ProfileListItem,
  type Template,
} from '@fleetdeck/contract';
import { rollouts } from '../../db/schema.ts';
import { call } from '../../../test/support/call.ts';
import { enrolBody, enrolmentToken, newCustomer, randomIp } from '../../../test/support/factory.ts';
import { decodeQr } from '../../../test/support/helpers.ts';
import { dataOf, failure, fleetOwner, type Device } from '../../../test/support/profiles.ts';
import { startWithFleetOwner } from '../../../test/support/suites.ts';
import type { TestRuntime } from '../../../test/support/runtime.ts';

let rt: TestRuntime;
let owner: Awaited<ReturnType<typeof fleetOwner>>;
beforeAll(async () => ({ rt, owner } = await startWithFleetOwner()));
afterAll(async () => rt?.close());

const T = () => owner.token;

/** A PD template whose version 1 disables factory reset (and a device it was made from). */
async function template(name: string) {
  const source = await owner.enrol('PD');
  dataOf(
    await call(rt, profilesApi.update, {
      token: T(),
      body: { profileId: source.profileId, advancedSettings: { disableFactoryReset: true } },
    }),
  );
  return dataOf<Template>(
    await call(rt, fleetApi.templateCreate, { token: T(), body: { name, fromProfileId: source.profileId } }),
  );
}

const newGroup = async (name: string, templateId?: string, family = 'PD') =>
  dataOf<Group>(await call(rt, fleetApi.groupCreate, { token: T(), body: { name, family, templateId } }));
const add = (groupId: string, profileIds: string[], token = T()) =>
  call(rt, fleetApi.groupAddDevices, { token, params: { id: groupId }, body: { profileIds } });
const remove = (groupId: string, profileIds: string[]) =>
  call(rt, fleetApi.groupRemoveDevices, { token: T(), params: { id: groupId }, body: { profileIds } });
const group = async (id: string, token = T()) =>
  dataOf<Group>(await call(rt, fleetApi.groupDetail, { token, params: { id } }));
const policyOf = async (d: Device) =>
  dataOf<PolicyResponse['data']>(await call(rt, policyApi.policy, { token: d.auth }));
const listRow = async (groupId: string, profileId: string) => {
  const res = await call(rt, devicesApi.profileList, { token: T(), query: { groupId, limit: 50 } });
  const rows = (JSON.parse(res.body) as { data: ProfileListItem[] }).data;
  return rows.find((r) => r._id === profileId);
};

describe('device groups', () => {
  it('a device added to a group with a template receives it: policy version bumped, GET policy shows it', async () => {
    const t = await template('Lobby');
    const g = await newGroup('Lobby tablets', t._id);
    expect(g).toMatchObject({ templateId: t._id, templateName: 'Lobby', templateVersion: 1, deviceCount: 0 });
    const d = await owner.enrol('PD');
    const added = dataOf<{ added: number; deviceCount: number }>(await add(g._id, [d.profileId]));
    expect(added).toMatchObject({ added: 1, deviceCount: 1 });
    const policy = await policyOf(d);
    expect(policy.version).toBe(1);
    expect(policy.policy).toMatchObject({ advancedSettings: expect.objectContaining({ disableFactoryReset: true }) });
    expect(await listRow(g._id, d.profileId)).toMatchObject({ group: { _id: g._id, name: 'Lobby tablets' }, drift: 0 });
    // Adding it again changes nothing (no new version).
    expect(dataOf<{ added: number }>(await add(g._id, [d.profileId])).added).toBe(0);
    expect((await policyOf(d)).version).toBe(1);
  });

  it('a device is in at most one group: adding moves it; removing leaves it ungrouped with its settings', async () => {
    const first = await newGroup('First');
    const second = await newGroup('Second');
    const d = await owner.enrol('PD');
    dataOf(await add(first._id, [d.profileId]));
    dataOf(await add(second._id, [d.profileId]));
    expect((await group(first._id)).deviceCount).toBe(0);
    expect((await group(second._id)).deviceCount).toBe(1);
    expect(dataOf<{ removed: number }>(await remove(first._id, [d.profileId])).removed).toBe(0);
    expect(dataOf<{ removed: number; deviceCount: number }>(await remove(second._id, [d.profileId]))).toMatchObject({
      removed: 1,
      deviceCount: 0,
    });
  });

  it('refuses a device of another family with 400 naming it, another customer’s device with 404', async () => {
    const g = await newGroup('PD only');
    const sl = await owner.enrol('SL', { deviceName: 'Reception lock' });
    const wrong = failure(await add(g._id, [sl.profileId]), 400, 'E_VALIDATION');
    expect(wrong.respones_msg).toContain(`Reception lock (${sl.serialNumber})`);
    const other = await fleetOwner(rt, 2);
    const theirs = await other.enrol('PD');
    failure(await add(g._id, [theirs.profileId]), 404, 'E_PROFILE_NOT_FOUND');
    failure(await add(g._id, [theirs.profileId], other.token), 404, 'E_NOT_FOUND');
    expect((await group(g._id)).deviceCount).toBe(0);
    const empty = failure(await add(g._id, []), 400, 'E_VALIDATION');
    expect(empty.respones_msg).toBe('profileIds: choose at least one device');
    const family = failure(
      await call(rt, fleetApi.groupCreate, { token: T(), body: { name: 'X', family: 'XX' } }),
      400,
      'E_VALIDATION',
    );
    expect(family.respones_msg).toMatch(/^family: must be one of/);
  });

  it('a new template on PUT is applied to every device of the group; a template of another family is refused', async () => {
    const g = await newGroup('Switching');
    const devices = [await owner.enrol('PD'), await owner.enrol('PD')];
    dataOf(
      await add(
        g._id,
        devices.map((d) => d.profileId),
      ),
    );
    expect((await policyOf(devices[0]!)).version).toBe(0);
    const t = await template('Switch to');
    const res = await call(rt, fleetApi.groupUpdate, {
      token: T(),
      params: { id: g._id },
      body: { templateId: t._id },
    });
    expect(JSON.parse(res.body).respones_msg).toBe('Group saved. The template was applied to 2 devices.');
    expect(dataOf<Group>(res)).toMatchObject({ templateId: t._id, templateVersion: 1 });
    for (const d of devices) expect((await policyOf(d)).version).toBe(1);
    const sl = await owner.enrol('SL');
    const slTemplate = dataOf<Template>(
      await call(rt, fleetApi.templateCreate, { token: T(), body: { name: 'SL', fromProfileId: sl.profileId } }),
    );
    const refused = failure(
      await call(rt, fleetApi.groupUpdate, { token: T(), params: { id: g._id }, body: { templateId: slTemplate._id } }),
      400,
      'E_VALIDATION',
    );
    expect(refused.respones_msg).toMatch(
      /^templateId: template "SL" is for .* devices; this group holds .* devices\.$/,
    );
  });

  it('drift: counted per device in profile/list, listed in plain words, and the group counts drifting devices', async () => {
    const t = await template('Drift');
    const g = await newGroup('Drifting', t._id);
    const [a, b] = [await owner.enrol('PD'), await owner.enrol('PD')];
    dataOf(await add(g._id, [a.profileId, b.profileId]));
    expect((await group(g._id)).driftCount).toBe(0);
    dataOf(
      await call(rt, profilesApi.update, {
        token: T(),
        body: {
          profileId: a.profileId,
          pin: '9999',
          advancedSettings: { disableFactoryReset: false, DisableBluetooth: true },
        },
      }),
    );
    expect((await listRow(g._id, a.profileId))!.drift).toBe(3);
    expect((await listRow(g._id, b.profileId))!.drift).toBe(0);
    const drift = dataOf<{ drift: number; differences: string[]; templateVersion: number }>(
      await call(rt, fleetApi.profileDrift, { token: T(), query: { profileId: a.profileId } }),
    );
    expect(drift).toMatchObject({ drift: 3, templateVersion: 1 });
    expect(drift.differences).toEqual([
      'The pin differs from the template',
      'Factory reset is enabled on the device, disabled in the template',
      'Bluetooth is disabled on the device, enabled in the template',
    ]);
    expect((await group(g._id)).driftCount).toBe(1);
    const outside = await owner.enrol('PD');
    expect(
      dataOf<{ drift: number; group: null }>(
        await call(rt, fleetApi.profileDrift, { token: T(), query: { profileId: outside.profileId } }),
      ),
    ).toMatchObject({ drift: 0, group: null });
    const other = await fleetOwner(rt, 2);
    failure(
      await call(rt, fleetApi.profileDrift, { token: other.token, query: { profileId: a.profileId } }),
      404,
      'E_PROFILE_NOT_FOUND',
    );
  });

  it('refuses a new template and delete with 409 while a rollout of the group runs or is paused', async () => {
    const t = await template('Busy');
    const g = await newGroup('Busy group', t._id);
    const [rollout] = await rt.ctx.db
      .insert(rollouts)
      .values({
        customerId: owner.id,
        templateId: t._id,
        version: 1,
        family: 'PD',
        groupId: g._id,
        state: 'paused',
        stages: [{ percent: 100, soakSeconds: 0, size: 0, startedAt: null }],
        failedPercent: 10,
        minDevices: 3,
        ackTimeoutSeconds: 900,
      })
      .returning();
    expect((await group(g._id)).activeRolloutId).toBe(rollout!.id);
    const change = failure(
      await call(rt, fleetApi.groupUpdate, { token: T(), params: { id: g._id }, body: { templateId: null } }),
      409,
      'E_CONFLICT',
    );
    expect(change.respones_msg).toBe(
      'A rollout is running or paused in group "Busy group": finish or cancel it first.',
    );
    failure(await call(rt, fleetApi.groupDelete, { token: T(), params: { id: g._id } }), 409, 'E_CONFLICT');
    // A rename is not a change of what the devices apply.
    expect(
      dataOf<Group>(
        await call(rt, fleetApi.groupUpdate, { token: T(), params: { id: g._id }, body: { name: 'Renamed' } }),
      ).name,
    ).toBe('Renamed');
  });

  it('a group larger than LIST_COUNT_CAP is listed by pages with its kept member count (never counted row by row)', async () => {
    // A customer of its own: its devices are written in SQL (enrolling 10,000 one by one would take minutes).
    const c = await newCustomer(rt);
    const groupOf = async (name: string) =>
      dataOf<Group>(await call(rt, fleetApi.groupCreate, { token: c.token, body: { name, family: 'PD' } }));
    const big = await groupOf('Warehouse scanners');
    const small = await groupOf('Front desk');
    const page = async (groupId: string, n = 2) => {
      const res = await call(rt, devicesApi.profileList, { token: c.token, query: { groupId, limit: 50, page: n } });
      expect(res.statusCode, res.body).toBe(200);
      return JSON.parse(res.body) as { data: ProfileListItem[]; pagination: { total: number; totalCapped?: boolean } };
    };
    // LIST_COUNT_CAP + 2 devices, the first one logged out; two of them in the small group.
    await rt.ctx.pool.query(
      `insert into devices (customer_id, family, app_name, serial_number, device_name, logged_out_at)
       select $1, 'PD', 'PD', 'CAP-' || g, 'Scanner ' || g, case when g = 1 then now() end
       from generate_series(1, $2::int) g`,
      [c.id, LIST_COUNT_CAP + 2],
    );
    await rt.ctx.pool.query(
      `insert into profiles (customer_id, device_id, name, profile_name, app_name, family, group_id)
       select customer_id, id, serial_number, device_name, 'PD', 'PD',
              case when serial_number in ('CAP-2', 'CAP-3') then $3::uuid else $2::uuid end
       from devices where customer_id = $1`,
      [c.id, big._id, small._id],
    );
    // What autovacuum does after such an insert (the test database's tables were nearly empty until now).
    await rt.ctx.pool.query('analyze devices, profiles');
    try {
      // LIST_COUNT_CAP - 1 enrolled devices in the big group: counted exactly.
      const bigPage = await page(big._id);
      expect(bigPage.pagination).toMatchObject({ total: LIST_COUNT_CAP - 1, totalCapped: false });
      expect(bigPage.data).toHaveLength(50);
      expect(bigPage.data.every((r) => r.group?._id === big._id)).toBe(true);
      expect((await page(small._id, 1)).pagination).toMatchObject({ total: 2, totalCapped: false });
      // Two more: LIST_COUNT_CAP + 1 enrolled in the group. The group's kept count (migration 0038) is exact past
      // the cap; a list filtered further (by app) is counted, up to the cap, and says so.
      await rt.ctx.pool.query('update profiles set group_id = $1 where customer_id = $2', [big._id, c.id]);
      expect((await page(big._id)).pagination).toMatchObject({ total: LIST_COUNT_CAP + 1, totalCapped: false });
      expect((await page(small._id, 1)).pagination).toMatchObject({ total: 0, totalCapped: false });
      const filtered = await call(rt, devicesApi.profileList, {
        token: c.token,
        query: { groupId: big._id, appName: 'PD', limit: 50 },
      });
      expect(JSON.parse(filtered.body).pagination).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true });
      expect((await group(big._id, c.token)).deviceCount).toBe(LIST_COUNT_CAP + 1);
      // Rows past the counted ones are still served by position.
      expect((await page(big._id, LIST_COUNT_CAP / 50 + 1)).data).toHaveLength(1);
    } finally {
      await rt.ctx.pool.query('delete from devices where customer_id = $1', [c.id]);
    }
  }, 120_000);

  it("the group's kept device count follows adds, moves, logouts, re-enrolment and removal", async () => {
    const a = await newGroup('Counted A');
    const b = await newGroup('Counted B');
    const [d1, d2, d3] = [await owner.enrol('PD'), await owner.enrol('PD'), await owner.enrol('PD')];
    // What the triggers keep must equal a count over the members, after every step.
    const counted = async (groupId: string) =>
      Number(
        (
          await rt.ctx.pool.query(
            `select count(*) from profiles p join devices d on d.id = p.device_id
              where p.group_id = $1 and d.logged_out_at is null`,
            [groupId],
          )
        ).rows[0].count,
      );
    const expectCounts = async (inA: number, inB: number) => {
      expect([(await group(a._id)).deviceCount, (await group(b._id)).deviceCount]).toEqual([inA, inB]);
      expect([await counted(a._id), await counted(b._id)]).toEqual([inA, inB]);
    };
    expect((await add(a._id, [d1.profileId, d2.profileId, d3.profileId])).statusCode).toBe(200);
    await expectCounts(3, 0);
    expect((await add(b._id, [d3.profileId])).statusCode).toBe(200);
    await expectCounts(2, 1);
    const out = await call(rt, devicesApi.logout, { token: T(), query: { serialNumber: d1.serialNumber } });
    expect(out.statusCode, out.body).toBe(200);
    await expectCounts(1, 1);
    const listed = await call(rt, devicesApi.profileList, { token: T(), query: { groupId: a._id, limit: 50 } });
    expect(JSON.parse(listed.body).pagination).toMatchObject({ total: 1, totalCapped: false });
    // The same device enrols again (its serial): a member again.
    const again = await call(rt, devicesApi.enrol, {
      body: enrolBody(await enrolmentToken(rt, owner.id), { appName: 'PD', serialNumber: d1.serialNumber }),
      ip: randomIp(),
    });
    expect(again.statusCode, again.body).toBe(200);
    await expectCounts(2, 1);
    expect((await remove(a._id, [d1.profileId, d2.profileId])).statusCode).toBe(200);
    await expectCounts(0, 1);
  });

  it('delete leaves the devices ungrouped; another customer cannot see or change the group', async () => {
    const g = await newGroup('Temporary');
    const d = await owner.enrol('PD');
    dataOf(await add(g._id, [d.profileId]));
    const other = await fleetOwner(rt, 2);
    for (const res of [
      await call(rt, fleetApi.groupDetail, { token: other.token, params: { id: g._id } }),
      await call(rt, fleetApi.groupUpdate, { token: other.token, params: { id: g._id }, body: { name: 'Mine' } }),
      await call(rt, fleetApi.groupDelete, { token: other.token, params: { id: g._id } }),
      await call(rt, fleetApi.groupEnrolmentQr, { token: other.token, params: { id: g._id } }),
    ]) {
      failure(res, 404, 'E_NOT_FOUND');
    }
    const deleted = await call(rt, fleetApi.groupDelete, { token: T(), params: { id: g._id } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const res = await call(rt, devicesApi.profileList, { token: T(), query: { search: d.serialNumber } });
    expect((JSON.parse(res.body) as { data: ProfileListItem[] }).data[0]).toMatchObject({ group: null, drift: 0 });
  });
});

describe('enrolment into a group', () => {
  it("the group's QR carries the enrolment token and the group; enrolling with it joins the group with its template", async () => {
    const t = await template('Enrolled');
    const g = await newGroup('QR group', t._id);
    const qr = await call(rt, fleetApi.groupEnrolmentQr, { token: T(), params: { id: g._id } });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toBe('image/png');
    const token = await enrolmentToken(rt, owner.id);
    expect(decodeQr(qr.rawPayload)).toBe(
      `http://localhost:3000/enrol?token=${encodeURIComponent(token)}&group=${g._id}`,
    );
    const res = await call(rt, devicesApi.enrol, {
      body: enrolBody(token, { appName: 'PD', groupId: g._id }),
      ip: randomIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const enrolled = JSON.parse(res.body) as { deviceToken: string; profileId: string; policyVersion: number };
    expect(enrolled.policyVersion).toBe(1);
    const policy = await policyOf({ auth: `Device ${enrolled.deviceToken}` } as Device);
    expect(policy.policy).toMatchObject({ advancedSettings: expect.objectContaining({ disableFactoryReset: true }) });
    expect((await group(g._id)).deviceCount).toBe(1);
  });

  it('refuses with 400 a group of another family or of another customer, and enrols nothing', async () => {
    const token = await enrolmentToken(rt, owner.id);
    const g = await newGroup('PD enrolment');
    const sl = failure(
      await call(rt, devicesApi.enrol, { body: enrolBody(token, { appName: 'SL', groupId: g._id }), ip: randomIp() }),
      400,
      'E_VALIDATION',
    );
    expect(sl.respones_msg).toMatch(/^groupId: group "PD enrolment" holds .* devices; this app is /);
    const other = await fleetOwner(rt, 2);
    const theirs = dataOf<Group>(
      await call(rt, fleetApi.groupCreate, { token: other.token, body: { name: 'Theirs', family: 'PD' } }),
    );
    const body = enrolBody(token, { appName: 'PD', groupId: theirs._id });
    const foreign = failure(await call(rt, devicesApi.enrol, { body, ip: randomIp() }), 400, 'E_VALIDATION');
    expect(foreign.respones_msg).toMatch(/^groupId: is not a group of this account/);
    const res = await call(rt, devicesApi.profileList, { token: T(), query: { search: body.serialNumber } });
    expect((JSON.parse(res.body) as { data: unknown[] }).data).toHaveLength(0);
  });
});
