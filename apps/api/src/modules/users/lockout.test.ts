import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { usersApi } from '@fleetdeck/contract';
import { staffApi } from '@fleetdeck/contract/staff';
import { customers, staffUsers } from '../../db/schema.ts';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';
import { call } from '../../../test/support/call.ts';
import { newCustomer, newStaff, randomIp } from '../../../test/support/factory.ts';

/** Issue 12, item 2: the "10 wrong in 15 minutes" lock holds against a burst of parallel guesses. */
let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
});
afterAll(async () => rt?.close());

describe('account lockout under a parallel burst (issue 12, item 2)', () => {
  it('verifies at most 10 guesses of a burst of 25, locks the account, and the right password in the burst gets no session', async () => {
    const c = await newCustomer(rt);
    const guesses = Array.from({ length: 24 }, (_, i) => `Wrong-guess-${i}-xyz`);
    guesses.splice(12, 0, c.password);
    const answers = await Promise.all(
      guesses.map((password) => call(rt, usersApi.login, { body: { email: c.email, password }, ip: randomIp() })),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(15);
    expect(answers.filter((a) => a.statusCode === 200)).toEqual([]);
    const [row] = await rt.ctx.db.select().from(customers).where(eq(customers.id, c.id));
    expect(row!.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    // Locked: the right password alone is refused too, until the window has passed.
    const after = await call(rt, usersApi.login, { body: { email: c.email, password: c.password }, ip: randomIp() });
    expect(after.statusCode).toBe(429);
    expect(after.error().code).toBe('E_ACCOUNT_LOCKED');
  });

  it('holds for staff accounts too', async () => {
    const s = await newStaff(rt, 'Support');
    const guesses = Array.from({ length: 20 }, (_, i) => `Wrong-guess-${i}-xyz`);
    guesses.splice(10, 0, s.password);
    const answers = await Promise.all(
      guesses.map((password) => call(rt, staffApi.login, { body: { email: s.email, password }, ip: randomIp() })),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((st) => st === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((st) => st === 200)).toEqual([]);
    const [row] = await rt.ctx.db.select().from(staffUsers).where(eq(staffUsers.id, s.id));
    expect(row!.lockedUntil).not.toBeNull();
  });

  it('a right password after a few wrong ones still logs in and starts the count again', async () => {
    const c = await newCustomer(rt);
    for (let i = 0; i < 3; i += 1)
      await call(rt, usersApi.login, { body: { email: c.email, password: `Nope-${i}-wrong` }, ip: randomIp() });
    const ok = await call(rt, usersApi.login, { body: { email: c.email, password: c.password }, ip: randomIp() });
    expect(ok.statusCode, ok.body).toBe(200);
    const [row] = await rt.ctx.db.select().from(customers).where(eq(customers.id, c.id));
    expect(row).toMatchObject({ failedLoginCount: 0, lockedUntil: null });
  });
});
