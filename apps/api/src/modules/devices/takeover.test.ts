import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { devicesApi, policyApi, type EnrolResponse } from '@fleetdeck/contract';
import { auditEntries, emailOutbox } from '../../db/schema.ts';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';
import { call } from '../../../test/support/call.ts';
import { customerWithSeats, enrolBody, enrolDevice, enrolmentToken, randomIp } from '../../../test/support/factory.ts';

/** Issue 12, item 4 (DECISIONS §6): no device takeover with the enrolment token and a known serial number. */
let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
});
afterAll(async () => rt?.close());

describe('re-enrolment of an active serial (issue 12, item 4)', () => {
  it('refuses the enrolment token alone with 409 E_DEVICE_ACTIVE; the device keeps its token; the customer is told', async () => {
    const c = await customerWithSeats(rt, 'PD', 2);
    const token = await enrolmentToken(rt, c.id);
    const real = await enrolDevice(rt, token);
    const attempt = await call(rt, devicesApi.enrol, {
      ip: '198.51.100.66',
      body: enrolBody(token, { serialNumber: real.serialNumber }),
    });
    expect(attempt.statusCode).toBe(409);
    expect(attempt.error()).toMatchObject({
      code: 'E_DEVICE_ACTIVE',
      respones_msg: 'This device is already enrolled: log it out in the console first',
    });
    expect(attempt.body).not.toContain('deviceToken');
    // The real device is untouched: its token still works and its policy is its own.
    expect((await call(rt, policyApi.policy, { token: real.auth })).statusCode).toBe(200);
    // A forged credential is no better.
    const forged = await call(rt, devicesApi.enrol, {
      ip: randomIp(),
      token: 'Device not-the-real-token',
      body: enrolBody(token, { serialNumber: real.serialNumber }),
    });
    expect(forged.statusCode).toBe(409);
    const audit = await rt.ctx.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.customerId, c.id), eq(auditEntries.hasError, true)));
    expect(audit.map((a) => a.message)).toContainEqual(
      expect.stringContaining(`Re-enrolment refused: ${real.serialNumber}`),
    );
    const mail = await rt.smtp.waitFor(c.email, (m) => m.subject.includes('take over device'));
    expect(mail.text).toContain(real.serialNumber);
    expect(mail.text).toContain('198.51.100.66');
  });

  it('emails the customer at most once an hour per serial, however many refusals (issue 24)', async () => {
    const c = await customerWithSeats(rt, 'PD', 3);
    const token = await enrolmentToken(rt, c.id);
    const [first, second] = [await enrolDevice(rt, token), await enrolDevice(rt, token)];
    const refuse = (serialNumber: string) =>
      call(rt, devicesApi.enrol, { ip: randomIp(), body: enrolBody(token, { serialNumber }) });
    const attempts = await Promise.all([...Array(6)].map(() => refuse(first.serialNumber)));
    expect(attempts.map((a) => a.statusCode)).toEqual(Array(6).fill(409));
    expect((await refuse(second.serialNumber)).statusCode).toBe(409);
    const emails = async () =>
      (
        await rt.ctx.db
          .select({ id: emailOutbox.id })
          .from(emailOutbox)
          .where(and(eq(emailOutbox.toAddress, c.email), eq(emailOutbox.template, 'device-reenrol-refused')))
      ).length;
    // One for each serial (six refusals of the first, one of the second); every refusal is still audited.
    expect(await emails()).toBe(2);
    const audited = await rt.ctx.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.customerId, c.id), eq(auditEntries.hasError, true)));
    expect(audited).toHaveLength(7);

    // An hour later the next refusal emails again.
    await rt.ctx.db.execute(
      sql`update rate_limit_counters set window_start = window_start - interval '61 minutes'
           where key like ${`reenrol-refused-email:${c.id}:${first.serialNumber}`}`,
    );
    expect((await refuse(first.serialNumber)).statusCode).toBe(409);
    expect(await emails()).toBe(3);
  });

  it('re-enrols with the device’s current credential, and with the enrolment token alone after a logout', async () => {
    const c = await customerWithSeats(rt, 'PD', 2);
    const token = await enrolmentToken(rt, c.id);
    const real = await enrolDevice(rt, token);
    const again = await call(rt, devicesApi.enrol, {
      ip: randomIp(),
      token: real.auth,
      body: enrolBody(token, { serialNumber: real.serialNumber }),
    });
    expect(again.statusCode, again.body).toBe(200);
    const logout = await call(rt, devicesApi.logout, { token: c.token, query: { serialNumber: real.serialNumber } });
    expect(logout.statusCode, logout.body).toBe(200);
    const afterLogout = await call(rt, devicesApi.enrol, {
      ip: randomIp(),
      body: enrolBody(token, { serialNumber: real.serialNumber }),
    });
    expect(afterLogout.statusCode, afterLogout.body).toBe(200);
    expect(afterLogout.json<EnrolResponse>().deviceId).toBe(real.deviceId);
  });
});
