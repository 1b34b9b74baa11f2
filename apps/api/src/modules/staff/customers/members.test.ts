import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityApi, fleetApi, paymentsApi } from '@fleetdeck/contract';
import { staffApi } from '@fleetdeck/contract/staff';
import { accountInvites } from '../../../db/schema.ts';
import { call } from '../../../../test/support/call.ts';
import { newCustomer, newMember, type TestStaff } from '../../../../test/support/factory.ts';
import type { TestRuntime } from '../../../../test/support/runtime.ts';
import { startWithStaff } from '../../../../test/support/suites.ts';
import { registrantOf } from '../../team/repository.ts';

/** The back office and the customer team (DECISIONS §12, issue 27 item 5). */

let rt: TestRuntime;
let support: TestStaff;
beforeAll(async () => {
  ({ rt, staff: support } = await startWithStaff('Support'));
});
afterAll(() => rt.close());

const invite = (customerId: string, email: string, expiresInDays: number, state: object = {}) =>
  rt.ctx.db.insert(accountInvites).values({
    customerId,
    email,
    role: 'Viewer',
    tokenHash: `hash-${crypto.randomUUID()}`,
    expiresAt: new Date(Date.now() + expiresInDays * 86_400_000),
    ...state,
  });

describe('customers/detail lists the account members', () => {
  it('answers each member with role, group count (null: all groups), last sign-in and the pending invites', async () => {
    const owner = await newCustomer(rt, { name: 'Harbour Logistics' });
    const admin = await newMember(rt, owner, 'Admin', { name: 'Ada Admin' });
    const scoped = await newMember(rt, owner, 'Technician', {
      name: 'Tom Tech',
      groupIds: [crypto.randomUUID(), crypto.randomUUID()],
    });
    const removed = await newMember(rt, owner, 'Viewer');
    await rt.ctx.db.execute(sql`update account_members set removed_at = now() where id = ${removed.id}`);
    await invite(owner.id, 'pending@example.com', 7);
    await invite(owner.id, 'expired@example.com', -1);
    await invite(owner.id, 'revoked@example.com', 7, { revokedAt: new Date() });
    await invite(owner.id, 'accepted@example.com', 7, { acceptedAt: new Date() });
    // Another account's members and invites are not this one's.
    const other = await newCustomer(rt);
    await newMember(rt, other, 'Billing');
    await invite(other.id, 'elsewhere@example.com', 7);

    const res = await call(rt, staffApi.customerDetail, { token: support.token, query: { customerId: owner.id } });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.data();
    const registrant = (await registrantOf(rt.ctx.db, owner.id))!;
    expect(detail.members).toEqual([
      {
        _id: registrant.id,
        name: 'Harbour Logistics',
        email: owner.email,
        role: 'Owner',
        registrant: true,
        groupCount: null,
        lastSignInAt: expect.any(String),
      },
      {
        _id: admin.id,
        name: 'Ada Admin',
        email: admin.email,
        role: 'Admin',
        registrant: false,
        groupCount: null,
        lastSignInAt: expect.any(String),
      },
      {
        _id: scoped.id,
        name: 'Tom Tech',
        email: scoped.email,
        role: 'Technician',
        registrant: false,
        groupCount: 2,
        lastSignInAt: expect.any(String),
      },
    ]);
    expect(Date.now() - Date.parse(detail.members[1]!.lastSignInAt!)).toBeLessThan(60_000);
    expect(detail.pendingInvites).toBe(1);
    // The same under `data`, as every field of the detail.
    expect(detail.data.members).toEqual(detail.members);
    expect(detail.data.pendingInvites).toBe(1);
  });

  it('a member who never signed in has no last sign-in; a login-as session does not count as one', async () => {
    const owner = await newCustomer(rt);
    const viewer = await newMember(rt, owner, 'Viewer');
    await rt.ctx.db.execute(sql`update sessions set revoked_at = now() where member_id = ${viewer.id}`);
    await rt.ctx.db.execute(
      sql`update sessions set revoked_at = now() where subject_id = ${owner.id} and impersonator_id is null`,
    );
    const membersNow = async () =>
      (await call(rt, staffApi.customerDetail, { token: support.token, query: { customerId: owner.id } })).data()
        .members;
    // The Owner signed in once through the API (newCustomer); the Viewer never did.
    const before = await membersNow();
    expect(before.map((m) => m.role)).toEqual(['Owner', 'Viewer']);
    expect(before[0]!.lastSignInAt).not.toBeNull();
    expect(before[1]!.lastSignInAt).toBeNull();
    const staffSession = await call(rt, staffApi.bypassLogin, { token: support.token, body: { email: owner.email } });
    expect(staffSession.statusCode, staffSession.body).toBe(200);
    // A login-as session is not the Owner signing in.
    expect((await membersNow()).map((m) => [m.role, m.lastSignInAt])).toEqual(
      before.map((m) => [m.role, m.lastSignInAt]),
    );
  });
});

describe('login-as (DECISIONS §8, §12)', () => {
  it('opens the account as its Owner, and its writes are audited as the staff member, shown as "Staff"', async () => {
    const owner = await newCustomer(rt);
    const viewer = await newMember(rt, owner, 'Viewer');
    const loginAs = await call(rt, staffApi.bypassLogin, { token: support.token, body: { email: owner.email } });
    expect(loginAs.statusCode, loginAs.body).toBe(200);
    const token = loginAs.data().data.token;

    // An Owner's call (billing.read: a Viewer is refused it), open to the login-as session.
    expect((await call(rt, paymentsApi.history, { token: viewer.token, query: {} })).statusCode).toBe(403);
    const history = await call(rt, paymentsApi.history, { token, query: {} });
    expect(history.statusCode, history.body).toBe(200);

    const created = await call(rt, fleetApi.groupCreate, { token, body: { name: 'Opened by staff', family: 'PD' } });
    expect(created.statusCode, created.body).toBe(200);
    const [row] = (
      await rt.ctx.db.execute<{ actor_kind: string; actor_id: string }>(sql`
        select actor_kind, actor_id from audit_entries
        where customer_id = ${owner.id} and message like '%Opened by staff%'`)
    ).rows;
    expect(row).toEqual({ actor_kind: 'staff', actor_id: support.id });

    const audit = (await call(rt, activityApi.auditList, { token: owner.token, query: {} })).data().data.data;
    expect(audit.find((r) => r.message.includes('Opened by staff'))).toMatchObject({ actor: 'Staff', memberId: null });
    // Not the registrant's, whose filter leaves the staff member's row out.
    const registrant = (await registrantOf(rt.ctx.db, owner.id))!;
    const mine = (
      await call(rt, activityApi.auditList, { token: owner.token, query: { memberId: registrant.id } })
    ).data().data.data;
    expect(mine.some((r) => r.message.includes('Opened by staff'))).toBe(false);
    expect(mine.length).toBeGreaterThan(0);
  });
});
