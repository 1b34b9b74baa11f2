import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityApi, apiKeysApi, fleetApi, usersApi, type AuditEntry } from '@fleetdeck/contract';
import { auditEntries } from '../../db/schema.ts';
import { SYSTEM } from '../../lib/actor.ts';
import { writeAudit } from '../audit/service.ts';
import { registrantOf } from '../team/repository.ts';
import { call } from '../../../test/support/call.ts';
import { customerWithSeats, enrolDevice, newCustomer, newMember } from '../../../test/support/factory.ts';
import type { TestRuntime } from '../../../test/support/runtime.ts';
import { startFileRuntime } from '../../../test/support/suites.ts';
import { auditListSqlForExplain } from './repository.ts';

let rt: TestRuntime;
type Query = Record<string, string | number>;
beforeAll(async () => {
  rt = await startFileRuntime();
});
afterAll(() => rt.close());

async function list(token: string, query: Query = {}) {
  const res = await call(rt, activityApi.auditList, { token, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.data().data;
}

/** Every row of the filter, newest first, through the cursor (pages of 5). */
async function all(token: string, query: Query = {}) {
  const rows: AuditEntry[] = [];
  let cursor: string | undefined;
  for (let page = 1; ; page++) {
    const data = await list(token, { ...query, limit: 5, page, ...(cursor ? { cursor } : {}) });
    rows.push(...data.data);
    if (!data.pagination.nextCursor) return rows;
    cursor = data.pagination.nextCursor;
  }
}

const createGroup = async (token: string, name: string) => {
  const res = await call(rt, fleetApi.groupCreate, { token, body: { name, family: 'PD' } });
  expect(res.statusCode, res.body).toBe(200);
};

describe('the audit list names who did it (DECISIONS §12)', () => {
  it('answers actor and memberId per row and filters by member, older rows counting as the registrant', async () => {
    const owner = await customerWithSeats(rt, 'PD', 2);
    const registrant = (await registrantOf(rt.ctx.db, owner.id))!;
    const admin = await newMember(rt, owner, 'Admin', { name: 'Ada Admin' });
    const nameless = await newMember(rt, owner, 'Admin', { name: '' });

    // The registrant (their session names their member), two members, a device, the system.
    await createGroup(owner.token, 'Owner group');
    for (let i = 0; i < 7; i++) await createGroup(admin.token, `Admin group ${i}`);
    await createGroup(nameless.token, 'Nameless group');
    await enrolDevice(rt, owner);
    // A failed sign-in with a member's email, as a member sign-in writes it.
    await writeAudit(rt.ctx.db, {
      customerId: owner.id,
      type: 'User Account',
      subType: 'Login',
      message: 'Login failed: wrong password (member)',
      hasError: true,
      actor: { kind: 'customer', id: owner.id, ip: null, member: { id: admin.id, role: 'Admin', groupIds: null } },
    });
    const wrong = { email: owner.email, password: 'Not-The-Password-1', userAgent: 'vitest' };
    expect((await call(rt, usersApi.login, { body: wrong })).statusCode).toBe(401);
    await writeAudit(rt.ctx.db, {
      customerId: owner.id,
      type: 'Profile',
      subType: 'Rollout Completed',
      message: 'A system row',
      actor: SYSTEM,
    });

    const rows = await all(owner.token);
    const who = (message: RegExp) => rows.filter((r) => message.test(r.message)).map((r) => [r.actor, r.memberId]);
    // Before the team: the registration rows of the account (kind customer) are the registrant's, by the account's name.
    expect(who(/Account registered/)).toEqual([['Test Customer', registrant.id]]);
    expect(who(/Owner group/)).toEqual([['Test Customer', registrant.id]]);
    expect(who(/Admin group 3/)).toEqual([['Ada Admin', admin.id]]);
    expect(who(/Nameless group/)).toEqual([[nameless.email, nameless.id]]);
    expect(rows.find((r) => r.type === 'Device' && r.sub_type === 'Enrol')).toMatchObject({
      actor: 'Device',
      memberId: null,
    });
    expect(who(/A system row/)).toEqual([[null, null]]);
    // A failed sign-in with the account's email names nobody: whoever typed it.
    expect(who(/Login failed/)).toEqual([
      [null, null],
      [null, null],
    ]);

    // The member filter, paged by the cursor: exactly the member's rows, newest first.
    const admins = await all(owner.token, { memberId: admin.id });
    expect(admins.map((r) => r.message)).toEqual(rows.filter((r) => r.memberId === admin.id).map((r) => r.message));
    expect(admins).toHaveLength(7);
    expect(admins.map((r) => r.actor)).toEqual(Array(7).fill('Ada Admin'));
    const firstPage = await list(owner.token, { memberId: admin.id, limit: 5 });
    expect(firstPage.pagination).toMatchObject({ total: 7, totalCapped: false });

    // The registrant's filter takes the rows of before the team with theirs.
    const registrants = await all(owner.token, { memberId: registrant.id });
    expect(registrants.map((r) => r.message)).toEqual(
      rows.filter((r) => r.memberId === registrant.id).map((r) => r.message),
    );
    expect(registrants.some((r) => /Account registered/.test(r.message))).toBe(true);
    expect(registrants.some((r) => /Owner group/.test(r.message))).toBe(true);
    expect(registrants.every((r) => r.actor === 'Test Customer')).toBe(true);
    expect(registrants.some((r) => /Login failed/.test(r.message))).toBe(false);

    // A removed member keeps their name in the trail and their filter.
    await rt.ctx.db.execute(sql`update account_members set removed_at = now() where id = ${nameless.id}`);
    expect((await all(owner.token, { memberId: nameless.id })).map((r) => r.actor)).toEqual([nameless.email]);

    // A member of another account finds nothing, and does not show its name.
    const other = await newCustomer(rt);
    const stranger = await newMember(rt, other, 'Admin', { name: 'Stranger' });
    await createGroup(stranger.token, 'Stranger group');
    const none = await list(owner.token, { memberId: stranger.id });
    expect(none.data).toEqual([]);
    expect(none.pagination).toMatchObject({ total: 0, nextCursor: null });
    expect(await all(other.token, { memberId: admin.id })).toEqual([]);

    // A member id that is not an id: 400 naming the field.
    const bad = await call(rt, activityApi.auditList, { token: owner.token, query: { memberId: 'nope' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().respones_msg).toMatch(/memberId/);
  });

  it('the member filter reads audit_actor_created_idx on a few thousand rows (EXPLAIN)', async () => {
    const owner = await newCustomer(rt);
    const member = await newMember(rt, owner, 'Technician');
    const registrant = (await registrantOf(rt.ctx.db, owner.id))!;
    // 4,000 rows of the account: 3,900 by the registrant, 100 by the member, over the last days.
    await rt.ctx.db.execute(sql`
      insert into ${auditEntries} (customer_id, type, sub_type, message, source, actor_kind, actor_id, created_at)
      select ${owner.id}::uuid, 'Profile', 'Group', 'row ' || g, 'Web', 'member',
             case when g % 40 = 0 then ${member.id}::uuid else ${registrant.id}::uuid end,
             now() - (g || ' minutes')::interval
      from generate_series(1, 4000) g`);
    await rt.ctx.db.execute(sql`analyze audit_entries`);

    const filter = {
      actors: [{ kind: 'member' as const, id: member.id }],
      limit: 25,
      offset: 0,
      order: 'desc' as const,
    };
    const plan = await rt.ctx.db.execute(sql`explain ${auditListSqlForExplain(rt.ctx.db, owner.id, filter)}`);
    const text = plan.rows.map((r) => Object.values(r)[0]).join('\n');
    // Each month's copy of audit_actor_created_idx (actor_id, created_at), descended in page order.
    expect(text).toMatch(/Index Scan Backward using audit_entries_\w+_actor_id_created_at_idx/);
    // No month with rows is read whole (the empty months ahead are a one-page scan either way).
    const seqScans = [...text.matchAll(/Seq Scan on \S+ \S+ {2}\(cost=[\d.]+ rows=(\d+)/g)];
    expect(seqScans.every((m) => Number(m[1]) <= 1)).toBe(true);

    const page = await list(owner.token, { memberId: member.id, limit: 25 });
    expect(page.data).toHaveLength(25);
    expect(page.pagination).toMatchObject({ total: 100, totalCapped: false });
    expect(page.data.every((r) => r.memberId === member.id && r.actor === 'Technician member')).toBe(true);
  });
});

describe("the audit log's Payments rows are billing's (DECISIONS §12, §13)", () => {
  it('are listed to an Owner and a key with billing:read, never to an Admin, a Technician, a Viewer or a key without', async () => {
    const owner = await newCustomer(rt);
    const admin = await newMember(rt, owner, 'Admin');
    const technician = await newMember(rt, owner, 'Technician');
    const viewer = await newMember(rt, owner, 'Viewer');
    const actor = { kind: 'customer' as const, id: owner.id, ip: null };
    await writeAudit(rt.ctx.db, {
      customerId: owner.id,
      type: 'Payments',
      subType: 'Onetime Purchased',
      message: 'Paid EUR 120.00 with Visa 4242',
      actor,
    });
    await writeAudit(rt.ctx.db, {
      customerId: owner.id,
      type: 'Profile',
      subType: 'Update',
      message: 'A profile row',
      actor,
    });
    const key = async (scopes: ('devices:read' | 'billing:read')[]) => {
      const res = await call(rt, apiKeysApi.apiKeyCreate, {
        token: owner.token,
        body: { name: `audit ${scopes.join(' ')}`, scopes },
      });
      expect(res.statusCode, res.body).toBe(200);
      return `Bearer ${res.data().data.key}`;
    };
    const withBilling = await key(['devices:read', 'billing:read']);
    const withoutBilling = await key(['devices:read']);

    const messages = async (token: string, query: Query = {}) => (await all(token, query)).map((r) => r.message);
    for (const token of [owner.token, withBilling]) {
      expect(await messages(token)).toContain('Paid EUR 120.00 with Visa 4242');
      expect(await messages(token, { type: 'Payments' })).toEqual(['Paid EUR 120.00 with Visa 4242']);
    }
    for (const token of [admin.token, technician.token, viewer.token, withoutBilling]) {
      const rows = await messages(token);
      expect(rows).toContain('A profile row');
      expect(rows).not.toContain('Paid EUR 120.00 with Visa 4242');
      expect(await messages(token, { type: 'Payments' })).toEqual([]);
    }
  });
});
