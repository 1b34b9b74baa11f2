import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleetApi, policyApi, type Rollout, type RolloutCreateRequest } from '@fleetdeck/contract';
import { auditEntries, deviceGroups, emailOutbox, profiles, rolloutDevices, rollouts } from '../../db/schema.ts';
import { call } from '../../../test/support/call.ts';
import { newCustomer } from '../../../test/support/factory.ts';
import { dataOf, failure, type fleetOwner, profileRow, type Device } from '../../../test/support/profiles.ts';
import type { TestRuntime } from '../../../test/support/runtime.ts';
import { startWithFleetOwner } from '../../../test/support/suites.ts';
import { pdGroup, pdTemplate } from '../../../test/support/fleet.ts';
import { advanceRollout, pausedReasonOf, rollbackRollout } from './rollouts-jobs.ts';
import { stageCumulative } from './rollouts-service.ts';

/**
 * Staged rollouts (DECISIONS §10). The worker's steps are driven directly (`advanceRollout` waiting for the row lock,
 * so a step the background job runs at the same time is never skipped); time is moved by setting the rollout's and
 * its devices' timestamps in the database, never by sleeping.
 */

let rt: TestRuntime;
let owner: Awaited<ReturnType<typeof fleetOwner>>;

beforeAll(async () => {
  ({ rt, owner } = await startWithFleetOwner());
});
afterAll(async () => rt?.close());

const template = (customerId: string, name: string, pin: string) => pdTemplate(rt, customerId, name, pin);
const group = (customerId: string, name: string, fleet: Device[]) =>
  pdGroup(
    rt,
    customerId,
    name,
    fleet.map((d) => d.profileId),
  );

async function devices(n: number) {
  const out: Device[] = [];
  for (let i = 0; i < n; i++) out.push(await owner.enrol('PD'));
  return out;
}

const detail = async (id: string) =>
  dataOf<Rollout>(await call(rt, fleetApi.rolloutDetail, { token: owner.token, params: { id } }));
const rows = (rolloutId: string) =>
  rt.ctx.db.select().from(rolloutDevices).where(eq(rolloutDevices.rolloutId, rolloutId));
const step = (id: string) => advanceRollout(rt.ctx, id, { wait: true });

/** Moves the current stage's start back past its soak. */
async function soakOver(id: string) {
  const [r] = await rt.ctx.db.select().from(rollouts).where(eq(rollouts.id, id));
  const stages = r!.stages.map((s) =>
    s.startedAt ? { ...s, startedAt: new Date(Date.now() - 86_400_000).toISOString() } : s,
  );
  await rt.ctx.db.update(rollouts).set({ stages }).where(eq(rollouts.id, id));
}

async function ack(d: Device, result: 'Success' | 'Failed', message = '') {
  const version = (await profileRow(rt, d.profileId)).policyVersion;
  const res = await call(rt, policyApi.ack, { token: d.auth, body: { version, result, message } });
  expect(res.statusCode, res.body).toBe(200);
}

/** Every pending device of the rollout acknowledges its version. */
async function ackPending(rolloutId: string, fleet: Device[]) {
  for (const row of await rows(rolloutId)) {
    if (row.state === 'pending')
      await ack(
        fleet.find((x) => x.profileId === row.profileId)!,
        'Success',
      );
  }
}

/** `POST rollouts` to these devices (by profile id), its answer. */
const rolloutTo = (fleet: Device[], body: Omit<RolloutCreateRequest, 'profileIds' | 'groupId'>) =>
  create({ ...body, profileIds: fleet.map((d) => d.profileId) });

/** `POST rollouts` as the owner, its answer. */
const create = async (body: RolloutCreateRequest) =>
  dataOf<Rollout>(await call(rt, fleetApi.rolloutCreate, { token: owner.token, body }));

/**
 * `n` new devices in a new group (`groupName`) and a new template (`templateName`, setting `pin`); `POST rollouts` of
 * that template to that group with `body`.
 */
async function groupRollout(
  n: number,
  templateName: string,
  pin: string,
  groupName: string,
  body: Omit<RolloutCreateRequest, 'templateId' | 'groupId' | 'profileIds'>,
) {
  const fleet = await devices(n);
  const t = await template(owner.id, templateName, pin);
  const g = await group(owner.id, groupName, fleet);
  return { fleet, t, g, rollout: await create({ templateId: t.id, groupId: g.id, ...body }) };
}

/** One stage at once whose devices must acknowledge within 60 s; paused when half of 2 or more fail. */
const ACK_WITHIN_60S = {
  stages: [{ percent: 100, soakSeconds: 0 }],
  pauseWhen: { failedPercent: 50, minDevices: 2 },
  ackTimeoutSeconds: 60,
};

const applied = async (rolloutId: string) =>
  (await rows(rolloutId)).filter((r) => r.state !== 'waiting').map((r) => r.profileId);

describe('stage sizes', () => {
  it('are cumulative percents of the total, rounded up, each stage at least one device more while devices remain', () => {
    expect(stageCumulative(100, [5, 25, 100])).toEqual([5, 25, 100]);
    expect(stageCumulative(10, [5, 25, 100])).toEqual([1, 3, 10]);
    expect(stageCumulative(3, [1, 2, 100])).toEqual([1, 2, 3]);
    expect(stageCumulative(2, [5, 25, 100])).toEqual([1, 2, 2]);
    expect(stageCumulative(1, [50, 100])).toEqual([1, 1]);
  });
  it('pause reasons say it in words', () => {
    expect(pausedReasonOf(3, 10, 4, 10)).toBe('3 of 10 devices failed to apply version 4 (30% ≥ 10%)');
  });
});

describe('a rollout to a group', () => {
  it('applies stage by stage (stages by a stable hash), completes, and sets the group version', async () => {
    const {
      fleet,
      t,
      g,
      rollout: created,
    } = await groupRollout(10, 'Kiosk lock', '4321', 'Front desks', {
      stages: [
        { percent: 10, soakSeconds: 600 },
        { percent: 50, soakSeconds: 600 },
        { percent: 100, soakSeconds: 0 },
      ],
    });
    expect(created.state).toBe('running');
    expect(created.total).toBe(10);
    expect(created.stages.map((s) => s.size)).toEqual([1, 4, 5]);
    expect(created.pauseWhen).toEqual({ failedPercent: 10, minDevices: 3 });
    expect(created.ackTimeoutSeconds).toBe(900);
    // Who started it, as template versions name who saved them: the customer's email.
    expect(created.createdBy).toBe(owner.email);

    // Stage membership is the md5 order of (rollout id, profile id): recomputed here independently.
    const order = await rt.ctx.db.execute<{ profile_id: string; stage: number }>(sql`
      select profile_id, stage from rollout_devices where rollout_id = ${created._id}
      order by md5(${created._id} || profile_id::text), profile_id`);
    expect(order.rows.map((r) => r.stage)).toEqual([0, 1, 1, 1, 1, 2, 2, 2, 2, 2]);

    await step(created._id);
    const first = await applied(created._id);
    expect(first).toHaveLength(1);
    const stage0 = fleet.find((d) => d.profileId === first[0])!;
    expect((await profileRow(rt, stage0.profileId)).settings).toMatchObject({ pin: '4321' });
    const untouched = fleet.find((d) => d.profileId !== first[0])!;
    expect((await profileRow(rt, untouched.profileId)).settings).not.toMatchObject({ pin: '4321' });

    // The soak has not passed: nothing further.
    await ack(stage0, 'Success');
    await step(created._id);
    expect(await applied(created._id)).toHaveLength(1);

    await soakOver(created._id);
    await step(created._id);
    expect(await applied(created._id)).toHaveLength(5);
    let d = await detail(created._id);
    expect(d.stageIndex).toBe(1);
    expect(d.stages[0]!.counts).toEqual({ waiting: 0, pending: 0, succeeded: 1, failed: 0, rolledBack: 0 });
    expect(d.stages[1]!.counts).toEqual({ waiting: 0, pending: 4, succeeded: 0, failed: 0, rolledBack: 0 });

    await ackPending(created._id, fleet);
    await soakOver(created._id);
    await step(created._id);
    expect(await applied(created._id)).toHaveLength(10);
    await ackPending(created._id, fleet);
    await step(created._id);
    d = await detail(created._id);
    expect(d.state).toBe('completed');
    expect(d.counts).toEqual({ waiting: 0, pending: 0, succeeded: 10, failed: 0, rolledBack: 0 });
    expect(d.finishedAt).not.toBeNull();
    const [after] = await rt.ctx.db.select().from(deviceGroups).where(eq(deviceGroups.id, g.id));
    expect(after).toMatchObject({ templateId: t.id, templateVersion: 1 });

    const list = await call(rt, fleetApi.rolloutList, { token: owner.token, query: { groupId: g.id } });
    expect(list.data().data.map((r) => r._id)).toEqual([created._id]);
    const succeeded = await call(rt, fleetApi.rolloutDevices, {
      token: owner.token,
      params: { id: created._id },
      query: { state: 'succeeded', stage: 1 },
    });
    expect(succeeded.data().pagination.total).toBe(4);
    expect(succeeded.data().data[0]).toMatchObject({ stage: 1, state: 'succeeded', message: null });
  });

  it('pauses itself on failed acks (with the reason, an email and an audit entry) and applies nothing further', async () => {
    const { fleet, rollout: r } = await groupRollout(6, 'Strict', '1111', 'Warehouse', {
      stages: [
        { percent: 50, soakSeconds: 3600 },
        { percent: 100, soakSeconds: 0 },
      ],
      pauseWhen: { failedPercent: 50, minDevices: 3 },
    });
    await step(r._id);
    const stage0 = (await rows(r._id)).filter((x) => x.state === 'pending');
    expect(stage0).toHaveLength(3);
    const [a, b, c] = stage0.map((x) => fleet.find((d) => d.profileId === x.profileId)!);
    await ack(a!, 'Failed', 'Kiosk app missing');
    await ack(b!, 'Success');
    // Two decided: fewer than minDevices, no pause yet (and the stage waits for the third, nothing else applied).
    expect(await step(r._id)).toBe('running');
    await ack(c!, 'Failed', 'Disk full');
    await step(r._id);

    const d = await detail(r._id);
    expect(d.state).toBe('paused');
    expect(d.pausedReason).toBe('2 of 3 devices failed to apply version 1 (66% ≥ 50%)');
    expect(d.counts).toEqual({ waiting: 3, pending: 0, succeeded: 1, failed: 2, rolledBack: 0 });
    expect(await applied(r._id)).toHaveLength(3);
    expect(await step(r._id)).toBe('skipped');
    expect(await applied(r._id)).toHaveLength(3);

    const failed = await call(rt, fleetApi.rolloutDevices, {
      token: owner.token,
      params: { id: r._id },
      query: { state: 'failed' },
    });
    expect(
      failed
        .data()
        .data.map((x) => x.message)
        .sort(),
    ).toEqual(['Disk full', 'Kiosk app missing']);
    const [mail] = await rt.ctx.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, owner.email), eq(emailOutbox.template, 'rollout-paused')));
    expect(mail?.subject).toContain('Strict');
    const audit = await rt.ctx.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.customerId, owner.id), eq(auditEntries.subType, 'Rollout Paused')));
    expect(audit.map((x) => x.message)).toContain(`The rollout of Strict paused itself: ${d.pausedReason}`);

    // Resume: the failures so far are accepted; the next stage goes out.
    const resumed = dataOf<Rollout>(
      await call(rt, fleetApi.rolloutResume, { token: owner.token, params: { id: r._id } }),
    );
    expect(resumed.state).toBe('running');
    expect(resumed.pausedReason).toBeNull();
    await soakOver(r._id);
    await step(r._id);
    expect(await applied(r._id)).toHaveLength(6);
    failure(await call(rt, fleetApi.rolloutResume, { token: owner.token, params: { id: r._id } }), 409, 'E_CONFLICT');
  });

  it('times out devices that checked in without acknowledging; devices never seen count neither way', async () => {
    const fleet = await devices(4);
    const t = await template(owner.id, 'Timeouts', '2222');
    const r = await rolloutTo(fleet, { templateId: t.id, ...ACK_WITHIN_60S });
    expect(r.groupId).toBeNull();
    await step(r._id);
    const [seen1, seen2, acker, away] = fleet;
    // Two devices check in (policy fetched, status sent) and never acknowledge; one acknowledges; one stays away.
    await call(rt, policyApi.policy, { token: seen1!.auth });
    await call(rt, policyApi.events, { token: seen2!.auth, query: { wait: 0 } });
    await ack(acker!, 'Success');
    await rt.settle();
    const marks = await rows(r._id);
    expect(marks.find((x) => x.profileId === seen1!.profileId)!.seenAt).not.toBeNull();
    expect(marks.find((x) => x.profileId === away!.profileId)!.seenAt).toBeNull();

    // Within the timeout: still pending, no decision.
    expect(await step(r._id)).toBe('running');
    expect((await detail(r._id)).counts).toMatchObject({ pending: 3, succeeded: 1, failed: 0 });

    // The timeout passes (the seen marks moved back): the two seen devices fail, the one never seen stays pending.
    await rt.ctx.db
      .update(rolloutDevices)
      .set({ seenAt: sql`now() - interval '61 seconds'` })
      .where(and(eq(rolloutDevices.rolloutId, r._id), sql`${rolloutDevices.seenAt} is not null`));
    await step(r._id);
    const d = await detail(r._id);
    expect(d.state).toBe('paused');
    expect(d.counts).toEqual({ waiting: 0, pending: 1, succeeded: 1, failed: 2, rolledBack: 0 });
    expect(d.pausedReason).toBe('2 of 3 devices failed to apply version 1 (66% ≥ 50%)');
    const timedOut = (await rows(r._id)).find((x) => x.profileId === seen1!.profileId)!;
    expect(timedOut).toMatchObject({ state: 'failed', message: 'did not acknowledge within 60 s' });
  });

  it('a check-in while an ack holds the device’s rollout row does not wait for it; the next check-in marks it seen', async () => {
    const fleet = await devices(1);
    const t = await template(owner.id, 'Busy row', '3333');
    const r = await rolloutTo(fleet, { templateId: t.id, ...ACK_WITHIN_60S });
    await step(r._id);
    const d = fleet[0]!;
    // Another transaction holds the row, as an acknowledgement in flight does.
    const holder = await rt.ctx.pool.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from rollout_devices where rollout_id = $1 and profile_id = $2 for update', [
        r._id,
        d.profileId,
      ]);
      await call(rt, policyApi.policy, { token: d.auth });
      await rt.settle(); // the status writer's flush: it would wait here for the holder before
      expect((await rows(r._id))[0]!.seenAt).toBeNull();
    } finally {
      await holder.query('rollback');
      holder.release();
    }
    await call(rt, policyApi.policy, { token: d.auth });
    await rt.settle();
    expect((await rows(r._id))[0]!.seenAt).not.toBeNull();
  });

  it("rollback restores each changed device's previous settings", async () => {
    const fleet = await devices(3);
    // Each device has settings of its own before the rollout.
    for (const [i, d] of fleet.entries()) {
      const before = (await profileRow(rt, d.profileId)).settings;
      await rt.ctx.db
        .update(profiles)
        .set({ settings: { ...before, pin: `000${i}` } })
        .where(eq(profiles.id, d.profileId));
    }
    const t = await template(owner.id, 'Rollback me', '9999');
    const r = await rolloutTo(fleet, {
      templateId: t.id,
      stages: [
        { percent: 50, soakSeconds: 0 },
        { percent: 100, soakSeconds: 3600 },
      ],
    });
    await step(r._id);
    const [firstApplied] = await applied(r._id);
    await ack(
      fleet.find((d) => d.profileId === firstApplied)!,
      'Success',
    );
    await step(r._id);
    const changed = await applied(r._id);
    expect(changed).toHaveLength(3);
    for (const d of fleet) expect((await profileRow(rt, d.profileId)).settings).toMatchObject({ pin: '9999' });
    const versionsBefore = new Map(
      await Promise.all(
        fleet.map(async (d) => [d.profileId, (await profileRow(rt, d.profileId)).policyVersion] as const),
      ),
    );

    const rolled = dataOf<Rollout>(
      await call(rt, fleetApi.rolloutRollback, { token: owner.token, params: { id: r._id } }),
    );
    expect(rolled.state).toBe('rolled_back');
    await rollbackRollout(rt.ctx, r._id);
    // The job the rollback queued may have taken some batches itself.
    await rt.settle();
    for (const [i, d] of fleet.entries()) {
      const p = await profileRow(rt, d.profileId);
      expect(p.settings).toMatchObject({ pin: `000${i}` });
      expect(p.policyVersion).toBe(versionsBefore.get(d.profileId)! + 1);
      expect(p.policy).toMatchObject({ pin: `000${i}` });
    }
    expect((await rows(r._id)).every((x) => x.state === 'rolled_back')).toBe(true);
    expect((await detail(r._id)).counts).toEqual({ waiting: 0, pending: 0, succeeded: 0, failed: 0, rolledBack: 3 });
    failure(await call(rt, fleetApi.rolloutRollback, { token: owner.token, params: { id: r._id } }), 409, 'E_CONFLICT');
  });

  it('rolling back a completed rollout puts the group back on the template version it had before', async () => {
    const fleet = await devices(2);
    const earlier = await template(owner.id, 'Earlier kiosk', '1111');
    const t = await template(owner.id, 'Later kiosk', '2222');
    const g = await group(owner.id, 'Back office', fleet);
    await rt.ctx.db
      .update(deviceGroups)
      .set({ templateId: earlier.id, templateVersion: 1 })
      .where(eq(deviceGroups.id, g.id));
    const r = await create({ templateId: t.id, groupId: g.id, stages: [{ percent: 100, soakSeconds: 0 }] });
    await step(r._id);
    await ackPending(r._id, fleet);
    await step(r._id);
    expect((await detail(r._id)).state).toBe('completed');
    const groupNow = async () => (await rt.ctx.db.select().from(deviceGroups).where(eq(deviceGroups.id, g.id)))[0];
    expect(await groupNow()).toMatchObject({ templateId: t.id, templateVersion: 1 });

    const rolled = dataOf<Rollout>(
      await call(rt, fleetApi.rolloutRollback, { token: owner.token, params: { id: r._id } }),
    );
    expect(rolled.state).toBe('rolled_back');
    expect(await groupNow()).toMatchObject({ templateId: earlier.id, templateVersion: 1 });
    await rt.settle();
    for (const d of fleet) expect((await profileRow(rt, d.profileId)).settings).not.toMatchObject({ pin: '2222' });
  });

  it('allows one running or paused rollout per group (409), another after it is cancelled', async () => {
    const fleet = await devices(2);
    const t = await template(owner.id, 'One at a time', '3333');
    const g = await group(owner.id, 'Lobby', fleet);
    const body = { templateId: t.id, groupId: g.id };
    const first = dataOf<Rollout>(await call(rt, fleetApi.rolloutCreate, { token: owner.token, body }));
    failure(await call(rt, fleetApi.rolloutCreate, { token: owner.token, body }), 409, 'E_CONFLICT');
    const cancelled = dataOf<Rollout>(
      await call(rt, fleetApi.rolloutCancel, { token: owner.token, params: { id: first._id } }),
    );
    expect(cancelled.state).toBe('cancelled');
    expect(await step(first._id)).toBe('skipped');
    const second = dataOf<Rollout>(await call(rt, fleetApi.rolloutCreate, { token: owner.token, body }));
    expect(second._id).not.toBe(first._id);
    await call(rt, fleetApi.rolloutCancel, { token: owner.token, params: { id: second._id } });
  });

  it("refuses another customer's rollouts, templates, groups and devices", async () => {
    const other = await newCustomer(rt);
    const fleet = await devices(1);
    const t = await template(owner.id, 'Mine', '4444');
    const g = await group(owner.id, 'Mine', fleet);
    const r = dataOf<Rollout>(
      await call(rt, fleetApi.rolloutCreate, { token: owner.token, body: { templateId: t.id, groupId: g.id } }),
    );
    const id = { params: { id: r._id } };
    failure(await call(rt, fleetApi.rolloutDetail, { token: other.token, ...id }), 404, 'E_NOT_FOUND');
    failure(await call(rt, fleetApi.rolloutDevices, { token: other.token, ...id }), 404, 'E_NOT_FOUND');
    failure(await call(rt, fleetApi.rolloutCancel, { token: other.token, ...id }), 404, 'E_NOT_FOUND');
    failure(await call(rt, fleetApi.rolloutRollback, { token: other.token, ...id }), 404, 'E_NOT_FOUND');
    expect((await call(rt, fleetApi.rolloutList, { token: other.token })).data().data).toEqual([]);
    failure(
      await call(rt, fleetApi.rolloutCreate, { token: other.token, body: { templateId: t.id, groupId: g.id } }),
      404,
      'E_NOT_FOUND',
    );
    const theirs = await template(other.id, 'Theirs', '5555');
    failure(
      await call(rt, fleetApi.rolloutCreate, { token: other.token, body: { templateId: theirs.id, groupId: g.id } }),
      404,
      'E_NOT_FOUND',
    );
    failure(
      await call(rt, fleetApi.rolloutCreate, {
        token: other.token,
        body: { templateId: theirs.id, profileIds: [fleet[0]!.profileId] },
      }),
      404,
      'E_NOT_FOUND',
    );
    expect((await detail(r._id)).state).toBe('running');
    await call(rt, fleetApi.rolloutCancel, { token: owner.token, ...id });
  });

  // Last in the file on purpose: every rollout above (stages applied, acks, timeouts, pauses, rollbacks) went through
  // the triggers that keep `rollout_state_counts` (migration 0039); they must equal a count over the devices.
  it('the kept counts per stage and state equal the devices counted, and a deleted rollout leaves none', async () => {
    const mismatches = async () =>
      (
        await rt.ctx.pool.query(`
          select coalesce(d.rollout_id, c.rollout_id) as rollout, coalesce(d.stage, c.stage) as stage,
                 coalesce(d.state, c.state) as state, d.n as counted, c.n as kept
            from (select rollout_id, stage, state, count(*)::int as n from rollout_devices group by 1, 2, 3) d
            full join rollout_state_counts c using (rollout_id, stage, state)
           where d.n is distinct from c.n`)
      ).rows;
    const kept = await rt.ctx.pool.query(
      'select count(*)::int as n, count(distinct rollout_id)::int as r from rollout_state_counts',
    );
    expect(kept.rows[0].r).toBeGreaterThanOrEqual(5);
    expect(await mismatches()).toEqual([]);
    const [one] = await rt.ctx.db.select({ id: rollouts.id }).from(rollouts).limit(1);
    await rt.ctx.db.delete(rollouts).where(eq(rollouts.id, one!.id));
    expect(await mismatches()).toEqual([]);
    const left = await rt.ctx.pool.query('select count(*)::int as n from rollout_state_counts where rollout_id = $1', [
      one!.id,
    ]);
    expect(left.rows[0].n).toBe(0);
  });
});
