import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { devicesApi, usersApi, type UserDetailResponse } from '@fleetdeck/contract';
import { customers } from '../../db/schema.ts';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';
import { call } from '../../../test/support/call.ts';
import { customerWithSeats, enrolBody, enrolDevice, enrolmentToken, randomIp } from '../../../test/support/factory.ts';

/** Issue 12, item 4 (rest): the login QR code can be given an end date and a use limit from Update Profile. */
let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
});
afterAll(async () => rt?.close());

const enrol = (token: string, overrides: Parameters<typeof enrolBody>[1] = {}, auth?: string) =>
  call(rt, devicesApi.enrol, { ip: randomIp(), body: enrolBody(token, overrides), ...(auth ? { token: auth } : {}) });

describe('enrolment token limits (issue 12, item 4)', () => {
  it('a use limit set with users/update refuses the enrolment past it with 403 E_ENROLMENT_TOKEN_USED_UP', async () => {
    const c = await customerWithSeats(rt, 'PD', 5);
    const set = await call(rt, usersApi.update, { token: c.token, body: { enrolmentTokenMaxUses: 2 } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<UserDetailResponse>().data).toMatchObject({ enrolmentTokenMaxUses: 2, enrolmentTokenUses: 0 });
    const token = await enrolmentToken(rt, c.id);
    const first = await enrolDevice(rt, token);
    await enrolDevice(rt, token);
    const third = await enrol(token);
    expect(third.statusCode, third.body).toBe(403);
    expect(third.error()).toMatchObject({ code: 'E_ENROLMENT_TOKEN_USED_UP' });
    expect(third.error().respones_msg).toMatch(/limit/);
    // Re-enrolling a device with its own credential takes no seat and no use.
    const again = await enrol(token, { serialNumber: first.serialNumber }, first.auth);
    expect(again.statusCode, again.body).toBe(200);
    const detail = await call(rt, usersApi.detail, { token: c.token });
    expect(detail.json<UserDetailResponse>().data).toMatchObject({ enrolmentTokenMaxUses: 2, enrolmentTokenUses: 2 });
    // Raising the limit, or a new QR code, enrols again.
    await call(rt, usersApi.update, { token: c.token, body: { enrolmentTokenMaxUses: 3 } });
    expect((await enrol(token)).statusCode).toBe(200);
    expect((await enrol(token)).statusCode).toBe(403);
    await call(rt, usersApi.rotateEnrolmentToken, { token: c.token });
    expect((await enrol(await enrolmentToken(rt, c.id))).statusCode).toBe(200);
  });

  it('parallel enrolments never pass the limit', async () => {
    const c = await customerWithSeats(rt, 'PD', 20);
    await call(rt, usersApi.update, { token: c.token, body: { enrolmentTokenMaxUses: 3 } });
    const token = await enrolmentToken(rt, c.id);
    const results = await Promise.all(Array.from({ length: 10 }, () => enrol(token)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 403)).toHaveLength(7);
  });

  it('an end date refuses enrolment once passed (403 E_ENROLMENT_TOKEN_EXPIRED); a past one is refused on update', async () => {
    const c = await customerWithSeats(rt, 'PD', 5);
    const token = await enrolmentToken(rt, c.id);
    const past = await call(rt, usersApi.update, {
      token: c.token,
      body: { enrolmentTokenExpiresAt: new Date(Date.now() - 60_000).toISOString() },
    });
    expect(past.statusCode).toBe(400);
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const set = await call(rt, usersApi.update, { token: c.token, body: { enrolmentTokenExpiresAt: until } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<UserDetailResponse>().data.enrolmentTokenExpiresAt).toBe(until);
    expect((await enrol(token)).statusCode).toBe(200);
    // Time passes: the end date is now behind us.
    await rt.ctx.db
      .update(customers)
      .set({ enrolmentTokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(customers.id, c.id));
    const late = await enrol(token);
    expect(late.statusCode, late.body).toBe(403);
    expect(late.error()).toMatchObject({ code: 'E_ENROLMENT_TOKEN_EXPIRED' });
    expect(late.error().respones_msg).toMatch(/expired/);
    // Clearing the end date enrols again.
    expect(
      (await call(rt, usersApi.update, { token: c.token, body: { enrolmentTokenExpiresAt: null } })).statusCode,
    ).toBe(200);
    expect((await enrol(token)).statusCode).toBe(200);
  });
});
