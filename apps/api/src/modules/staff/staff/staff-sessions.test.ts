import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { usersApi } from '@fleetdeck/contract';
import { staffApi } from '@fleetdeck/contract/staff';
import { sessions, staffUsers } from '../../../db/schema.ts';
import { call } from '../../../../test/support/call.ts';
import { newCustomer, newStaff, type TestStaff } from '../../../../test/support/factory.ts';
import { startTestRuntime, type TestRuntime } from '../../../../test/support/runtime.ts';

/** Issue 24, item 6: the low findings of staff accounts and sessions. */
let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
});
afterAll(async () => rt?.close());

const NEW_PASSWORD = 'Quartz-Lantern-8812';

async function loginAsToken(staff: TestStaff) {
  const c = await newCustomer(rt);
  const res = await call(rt, staffApi.usersBypassLogin, { token: staff.token, body: { email: c.email } });
  expect(res.statusCode, res.body).toBe(200);
  const { token } = res.data().data;
  expect((await call(rt, usersApi.detail, { token })).statusCode).toBe(200);
  return token;
}

describe('login-as sessions end with the staff member’s credentials and role', () => {
  it('their own password change ends them', async () => {
    const staff = await newStaff(rt, 'Support');
    const token = await loginAsToken(staff);
    const changed = await call(rt, staffApi.changePassword, {
      token: staff.token,
      body: { old_password: staff.password, new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call(rt, usersApi.detail, { token })).statusCode).toBe(401);
  });

  it('a SuperAdmin resetting their password ends them', async () => {
    const root = await newStaff(rt, 'SuperAdmin');
    const staff = await newStaff(rt, 'Admin');
    const token = await loginAsToken(staff);
    const set = await call(rt, staffApi.staffUpdate, {
      token: root.token,
      body: { id: staff.id, password: NEW_PASSWORD },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await call(rt, usersApi.detail, { token })).statusCode).toBe(401);
  });

  it('a role change ends them, to Content (no login-as) and to another login-as role alike', async () => {
    const root = await newStaff(rt, 'SuperAdmin');
    for (const role of ['Content', 'Admin'] as const) {
      const staff = await newStaff(rt, 'Support');
      const token = await loginAsToken(staff);
      const set = await call(rt, staffApi.staffUpdate, { token: root.token, body: { id: staff.id, role } });
      expect(set.statusCode, set.body).toBe(200);
      expect((await call(rt, usersApi.detail, { token })).statusCode, role).toBe(401);
    }
  });

  it('a name change leaves them open', async () => {
    const root = await newStaff(rt, 'SuperAdmin');
    const staff = await newStaff(rt, 'Support');
    const token = await loginAsToken(staff);
    const set = await call(rt, staffApi.staffUpdate, { token: root.token, body: { id: staff.id, name: 'Renamed' } });
    expect(set.statusCode, set.body).toBe(200);
    expect((await call(rt, usersApi.detail, { token })).statusCode).toBe(200);
  });
});

describe('staff sessions: 30 minutes idle, 12 hours absolute; customers keep theirs', () => {
  const idleFor = (token: string, minutes: number) =>
    rt.ctx.db.execute(sql`
      update sessions set last_seen_at = now() - make_interval(mins => ${minutes})
       where token_hash = encode(sha256(convert_to(${token}, 'UTF8')), 'hex')`);

  it('a staff session idle for 31 minutes has ended; 29 minutes is fine', async () => {
    const fresh = await newStaff(rt, 'Support');
    await idleFor(fresh.token, 29);
    expect((await call(rt, staffApi.detail, { token: fresh.token })).statusCode).toBe(200);
    const idle = await newStaff(rt, 'Support');
    await idleFor(idle.token, 31);
    const res = await call(rt, staffApi.detail, { token: idle.token });
    expect(res.statusCode).toBe(401);
    expect(res.error()).toMatchObject({ code: 'E_SESSION_EXPIRED', is_logout: 1 });
  });

  it('a staff session lasts 12 hours at most; a customer session 30 days and 31 idle minutes are fine for it', async () => {
    const staff = await newStaff(rt, 'Admin');
    const c = await newCustomer(rt);
    const lifetimeHours = async (subjectId: string) => {
      const [row] = await rt.ctx.db
        .select({ h: sql<number>`extract(epoch from (${sessions.expiresAt} - ${sessions.createdAt})) / 3600` })
        .from(sessions)
        .where(and(eq(sessions.subjectId, subjectId), isNull(sessions.revokedAt)));
      return Number(row!.h);
    };
    expect(await lifetimeHours(staff.id)).toBeCloseTo(12, 1);
    expect(await lifetimeHours(c.id)).toBeCloseTo(30 * 24, 1);
    // Past its absolute end a staff session is refused even when just used.
    await rt.ctx.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.subjectId, staff.id));
    expect((await call(rt, staffApi.detail, { token: staff.token })).error().code).toBe('E_SESSION_EXPIRED');
    await idleFor(c.token, 31);
    expect((await call(rt, usersApi.detail, { token: c.token })).statusCode).toBe(200);
  });
});

describe('two SuperAdmins disabling each other at once leave one enabled', () => {
  it('over 5 rounds of parallel calls, at least one SuperAdmin stays enabled and one call is refused', async () => {
    for (let round = 0; round < 5; round += 1) {
      const a = await newStaff(rt, 'SuperAdmin');
      const b = await newStaff(rt, 'SuperAdmin');
      // Only these two are enabled SuperAdmins.
      await rt.ctx.db
        .update(staffUsers)
        .set({ disabledAt: new Date() })
        .where(
          and(
            eq(staffUsers.role, 'SuperAdmin'),
            isNull(staffUsers.disabledAt),
            notInArray(staffUsers.id, [a.id, b.id]),
          ),
        );
      const [ab, ba] = await Promise.all([
        call(rt, staffApi.staffUpdate, { token: a.token, body: { id: b.id, disabled: true } }),
        call(rt, staffApi.staffUpdate, { token: b.token, body: { id: a.id, disabled: true } }),
      ]);
      const enabled = await rt.ctx.db
        .select({ id: staffUsers.id })
        .from(staffUsers)
        .where(and(inArray(staffUsers.id, [a.id, b.id]), isNull(staffUsers.disabledAt)));
      expect(enabled.length, `round ${round}`).toBe(1);
      // The other call is refused: the last SuperAdmin (400), its author's session ended by the first (401), or its
      // author found disabled by the guard (the first committed between the session check and the account read).
      const refused = [ab, ba].filter((r) => r.statusCode !== 200);
      expect(refused.length, `round ${round}`).toBe(1);
      expect(['E_CONFLICT', 'E_UNAUTHORIZED', 'E_SESSION_EXPIRED', 'E_ACCOUNT_DISABLED']).toContain(
        refused[0]!.error().code,
      );
    }
  });
});
