import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { devicesApi, usersApi, type EnrolResponse, type ErrorResponse } from '@fleetdeck/contract';
import { auditEntries, deviceLogs, devices, profiles } from '../../db/schema.ts';
import { sha256 } from '../../lib/crypto.ts';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';
import { decodeQr, inOneWindow, jsonOf } from '../../../test/support/helpers.ts';
import { buy } from '../../../test/support/ledger.ts';
import { call } from '../../../test/support/call.ts';
import {
  newCustomer,
  enrolDevice,
  enrolmentToken,
  enrolBody,
  randomIp,
  usedSeats,
} from '../../../test/support/factory.ts';

let rt: TestRuntime;

beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
});
afterAll(async () => rt?.close());

const status = (auth: string, payload: unknown = { batteryLevel: 50 }) =>
  call(rt, devicesApi.status, { body: payload, token: auth });

describe('POST /api/v1/device/enrol', () => {
  it('refuses a new device without a free seat: 402 E_NO_LICENCE with redirectToPaymentPage', async () => {
    const c = await newCustomer(rt);
    const token = await enrolmentToken(rt, c.id);
    await buy(rt.ctx.db, c.id, 'SL', 3); // seats of another family do not count
    const body = enrolBody(token, { appName: 'PD' });
    const res = await call(rt, devicesApi.enrol, { ip: randomIp(), body });
    expect(res.statusCode).toBe(402);
    const err = jsonOf<ErrorResponse>(res);
    expect(err.code).toBe('E_NO_LICENCE');
    expect(err.redirectToPaymentPage).toBe(1);
    expect(err.respones_msg).toBe('No free Fleetdeck licence: buy more licences or log out another device.');
    const rows = await rt.ctx.db.select().from(devices).where(eq(devices.customerId, c.id));
    expect(rows).toHaveLength(0);
  });

  it('enrols with a free seat: stores only the token hash, a profile, a device log and an audit entry', async () => {
    const c = await newCustomer(rt);
    await buy(rt.ctx.db, c.id, 'PD', 1);
    const token = await enrolmentToken(rt, c.id);
    const body = enrolBody(token, { appName: 'pdot', deviceName: 'Lobby kiosk' });
    const res = await call(rt, devicesApi.enrol, { ip: randomIp(), body });
    expect(res.statusCode).toBe(200);
    const data = jsonOf<EnrolResponse>(res);
    expect(data.deviceToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.policyVersion).toBe(0);
    expect(data.data).toEqual({
      deviceToken: data.deviceToken,
      profileId: data.profileId,
      deviceId: data.deviceId,
      policyVersion: 0,
    });

    const [device] = await rt.ctx.db.select().from(devices).where(eq(devices.id, data.deviceId));
    expect(device).toMatchObject({
      customerId: c.id,
      family: 'PD',
      appName: 'PDOT',
      serialNumber: body.serialNumber,
      deviceName: 'Lobby kiosk',
      appVersionCode: '412',
      batteryLevel: 80,
      deviceModel: 'SM-T220',
      loggedOutAt: null,
    });
    expect(device!.tokenHash).toBe(sha256(data.deviceToken));
    expect(JSON.stringify(device)).not.toContain(data.deviceToken);

    const [profile] = await rt.ctx.db.select().from(profiles).where(eq(profiles.id, data.profileId));
    expect(profile).toMatchObject({
      deviceId: data.deviceId,
      customerId: c.id,
      name: body.serialNumber,
      profileName: 'Lobby kiosk',
      appName: 'PDOT',
      family: 'PD',
      policyVersion: 0,
    });
    const logs = await rt.ctx.db.select().from(deviceLogs).where(eq(deviceLogs.deviceId, data.deviceId));
    expect(logs.map((l) => [l.deviceActivity, l.activityResult, l.serialNumber])).toEqual([
      ['Enrolled', 'Success', body.serialNumber],
    ]);
    const audits = await rt.ctx.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.customerId, c.id), eq(auditEntries.type, 'Device')));
    expect(audits.map((a) => [a.subType, a.source, a.hasError])).toEqual([['Enrol', 'App', false]]);
    expect(await usedSeats(rt, c.token, 'PD')).toBe(1);
    expect((await status(`Device ${data.deviceToken}`)).statusCode).toBe(200);
    // The device token never reaches the log.
    expect(rt.logLines.join('')).not.toContain(data.deviceToken);
  });

  it('re-attaches a known serial when the pool is full; the previous device token stops working', async () => {
    const c = await newCustomer(rt);
    await buy(rt.ctx.db, c.id, 'PD', 1);
    const token = await enrolmentToken(rt, c.id);
    const first = await enrolDevice(rt, token);
    // Pool full: another serial is refused…
    const other = await call(rt, devicesApi.enrol, { ip: randomIp(), body: enrolBody(token) });
    expect(other.statusCode).toBe(402);
    // …the same serial re-attaches.
    const again = await call(rt, devicesApi.enrol, {
      ip: randomIp(),
      token: first.auth, // still enrolled: the device's own credential (DECISIONS §6)
      body: enrolBody(token, { serialNumber: first.serialNumber, deviceName: 'Renamed' }),
    });
    expect(again.statusCode).toBe(200);
    const second = jsonOf<EnrolResponse>(again);
    expect(second.deviceId).toBe(first.deviceId);
    expect(second.profileId).toBe(first.profileId);
    expect(second.deviceToken).not.toBe(first.deviceToken);
    const old = await status(first.auth);
    expect(old.statusCode).toBe(401);
    expect(jsonOf<ErrorResponse>(old)).toMatchObject({ code: 'E_DEVICE_TOKEN_INVALID', is_logout: 1 });
    expect((await status(`Device ${second.deviceToken}`)).statusCode).toBe(200);
    expect(await usedSeats(rt, c.token, 'PD')).toBe(1);
    const [profile] = await rt.ctx.db.select().from(profiles).where(eq(profiles.id, first.profileId));
    expect(profile!.profileName).toBe('Renamed');
  });

  it('answers 401 E_ENROLMENT_TOKEN_INVALID (no is_logout) to a forged enrolment token', async () => {
    const res = await call(rt, devicesApi.enrol, {
      ip: randomIp(),
      body: enrolBody(crypto.randomBytes(32).toString('base64url')),
    });
    expect(res.statusCode).toBe(401);
    const err = jsonOf<ErrorResponse>(res);
    expect(err.code).toBe('E_ENROLMENT_TOKEN_INVALID');
    expect(err.respones_msg).toMatch(/^This QR code is no longer valid/);
    expect(err.is_logout).toBeUndefined();
  });

  it('rejects forged device tokens with 401 E_DEVICE_TOKEN_INVALID', async () => {
    for (const authorization of [`Device ${crypto.randomBytes(32).toString('base64url')}`, 'Device short', '']) {
      const res = await status(authorization);
      expect(res.statusCode).toBe(401);
      expect(jsonOf<ErrorResponse>(res)).toMatchObject({ code: 'E_DEVICE_TOKEN_INVALID', is_logout: 1 });
    }
  });

  it('rotating the enrolment token: the old QR stops enrolling, the new one works, enrolled devices keep working', async () => {
    const c = await newCustomer(rt);
    await buy(rt.ctx.db, c.id, 'PC', 5);
    const detail = jsonOf<{ data: { loginQrCodeUrl: string } }>(await call(rt, usersApi.detail, { token: c.token }));
    const oldUrl = new URL(detail.data.loginQrCodeUrl);
    const oldQr = decodeQr((await rt.app.inject(oldUrl.pathname)).rawPayload)!;
    const oldToken = new URL(oldQr).searchParams.get('token')!;
    const enrolled = await enrolDevice(rt, oldToken, { appName: 'PC' });

    const rotated = await call(rt, usersApi.rotateEnrolmentToken, { token: c.token });
    expect(rotated.statusCode).toBe(200);
    const newUrl = new URL(jsonOf<{ data: { loginQrCodeUrl: string } }>(rotated).data.loginQrCodeUrl);
    expect(newUrl.href).not.toBe(oldUrl.href);
    expect((await rt.app.inject(oldUrl.pathname)).statusCode).toBe(404);
    const newQr = decodeQr((await rt.app.inject(newUrl.pathname)).rawPayload)!;
    const newToken = new URL(newQr).searchParams.get('token')!;
    expect(newToken).not.toBe(oldToken);
    expect(newQr).toBe(`http://localhost:3000/enrol?token=${newToken}`);
    expect(
      jsonOf<{ data: { loginQrCodeUrl: string } }>(await call(rt, usersApi.detail, { token: c.token })).data,
    ).toMatchObject({ loginQrCodeUrl: newUrl.href });

    const withOld = await call(rt, devicesApi.enrol, { ip: randomIp(), body: enrolBody(oldToken, { appName: 'PC' }) });
    expect(withOld.statusCode).toBe(401);
    expect(jsonOf<ErrorResponse>(withOld).code).toBe('E_ENROLMENT_TOKEN_INVALID');
    await enrolDevice(rt, newToken, { appName: 'PC' });
    expect((await status(enrolled.auth)).statusCode).toBe(200);
    const audits = await rt.ctx.db.select().from(auditEntries).where(eq(auditEntries.customerId, c.id));
    expect(audits.some((a) => a.message.startsWith('Login QR code rotated'))).toBe(true);
    // Only the signed-in customer may rotate.
    expect((await call(rt, usersApi.rotateEnrolmentToken)).statusCode).toBe(401);
  });

  it('50 concurrent enrolments of different serials into ONE free seat: exactly one succeeds', async () => {
    const c = await newCustomer(rt);
    await buy(rt.ctx.db, c.id, 'UB', 1);
    const token = await enrolmentToken(rt, c.id);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(rt, devicesApi.enrol, { ip: randomIp(), body: enrolBody(token, { appName: 'UBOT' }) }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((s) => s === 200)).toHaveLength(1);
    expect(codes.filter((s) => s === 402)).toHaveLength(49);
    for (const r of results.filter((x) => x.statusCode === 402)) expect(jsonOf(r).code).toBe('E_NO_LICENCE');
    const rows = await rt.ctx.db.select().from(devices).where(eq(devices.customerId, c.id));
    expect(rows).toHaveLength(1);
    expect(await usedSeats(rt, c.token, 'UB')).toBe(1);
  });

  it('re-enrolling a logged-out device needs a free seat again', async () => {
    const c = await newCustomer(rt);
    await buy(rt.ctx.db, c.id, 'KM', 1);
    const token = await enrolmentToken(rt, c.id);
    const first = await enrolDevice(rt, token, { appName: 'KM' });
    expect(
      (await call(rt, devicesApi.logout, { token: c.token, query: { serialNumber: first.serialNumber } })).statusCode,
    ).toBe(200);
    const taker = await enrolDevice(rt, token, { appName: 'KM' }); // the freed seat is taken by another device
    const back = await call(rt, devicesApi.enrol, {
      ip: randomIp(),
      body: enrolBody(token, { appName: 'KM', serialNumber: first.serialNumber }),
    });
    expect(back.statusCode).toBe(402);
    expect(jsonOf(back).code).toBe('E_NO_LICENCE');
    expect(
      (await call(rt, devicesApi.logout, { token: c.token, query: { serialNumber: taker.serialNumber } })).statusCode,
    ).toBe(200);
    const backAgain = await call(rt, devicesApi.enrol, {
      ip: randomIp(),
      body: enrolBody(token, { appName: 'KM', serialNumber: first.serialNumber }),
    });
    expect(backAgain.statusCode).toBe(200);
    expect(jsonOf<EnrolResponse>(backAgain).deviceId).toBe(first.deviceId);
    expect(await usedSeats(rt, c.token, 'KM')).toBe(1);
  });

  it('rate-limits enrolment per IP address', async () => {
    const ip = randomIp();
    const bogus = enrolBody('not-a-real-token-' + crypto.randomUUID());
    const codes: number[] = [];
    // The limit is 120 a clock-aligned minute, so all 121 calls must fall in one window (0.4 s alone, 1.7 s in CI).
    await inOneWindow(10, 60);
    for (let i = 0; i < 121; i++) codes.push((await call(rt, devicesApi.enrol, { body: bogus, ip })).statusCode);
    expect(codes.slice(0, 120).every((s) => s === 401)).toBe(true);
    expect(codes[120]).toBe(429);
    // Another address is not affected.
    expect((await call(rt, devicesApi.enrol, { ip: randomIp(), body: bogus })).statusCode).toBe(401);
  });
});

describe('validation', () => {
  const enrolWith = (payload: unknown) => call(rt, devicesApi.enrol, { ip: randomIp(), body: payload });

  it('requires serialNumber', async () => {
    const { serialNumber: _s, ...body } = enrolBody('x'.repeat(43));
    const res = await enrolWith(body);
    expect(res.statusCode).toBe(400);
    const err = jsonOf<ErrorResponse>(res);
    expect(err.code).toBe('E_VALIDATION');
    expect(err.errors?.map((e) => e.field)).toContain('serialNumber');
  });

  it('names an unknown appName and refuses Power Chat', async () => {
    const c = await newCustomer(rt);
    await buy(rt.ctx.db, c.id, 'PCHAT', 5);
    const token = await enrolmentToken(rt, c.id);
    const bad = await enrolWith(enrolBody(token, { appName: 'ZZZ' }));
    expect(bad.statusCode).toBe(400);
    expect(jsonOf<ErrorResponse>(bad)).toMatchObject({ code: 'E_VALIDATION' });
    expect(jsonOf<ErrorResponse>(bad).respones_msg).toMatch(/appName.*ZZZ/);
    const chat = await enrolWith(enrolBody(token, { appName: 'PCHAT' }));
    expect(chat.statusCode).toBe(400);
    expect(jsonOf<ErrorResponse>(chat).respones_msg).toMatch(/Power Chat/);
  });

  it('refuses a battery level of 150 (enrol and status)', async () => {
    const res = await enrolWith(enrolBody('x'.repeat(43), { batteryLevel: 150 }));
    expect(res.statusCode).toBe(400);
    expect(jsonOf<ErrorResponse>(res).errors?.[0]?.field).toBe('batteryLevel');

    const c = await newCustomer(rt);
    await buy(rt.ctx.db, c.id, 'PD', 1);
    const d = await enrolDevice(rt, await enrolmentToken(rt, c.id));
    const st = await status(d.auth, { batteryLevel: 150 });
    expect(st.statusCode).toBe(400);
    expect(jsonOf<ErrorResponse>(st).errors?.[0]?.field).toBe('batteryLevel');
    const [row] = await rt.ctx.db.select().from(devices).where(eq(devices.id, d.deviceId));
    expect(row!.batteryLevel).toBe(80);
  });

  it('answers 400 E_MALFORMED_JSON to a broken body', async () => {
    const res = await call(rt, devicesApi.enrol, {
      body: '{"enrolmentToken": "abc", ',
      headers: { 'content-type': 'application/json' },
      ip: randomIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(jsonOf<ErrorResponse>(res).code).toBe('E_MALFORMED_JSON');
  });
});

describe('realm separation', () => {
  it('a device token never opens the customer API, a customer token never opens the device API', async () => {
    const c = await newCustomer(rt);
    await buy(rt.ctx.db, c.id, 'PD', 1);
    const d = await enrolDevice(rt, await enrolmentToken(rt, c.id));
    for (const authorization of [d.auth, d.deviceToken, `Bearer ${d.deviceToken}`]) {
      const res = await call(rt, usersApi.detail, { token: authorization });
      expect(res.statusCode).toBe(401);
      expect(jsonOf<ErrorResponse>(res).is_logout).toBe(1);
    }
    for (const authorization of [c.token, `Bearer ${c.token}`, `Device ${c.token}`]) {
      const res = await status(authorization);
      expect(res.statusCode).toBe(401);
      expect(jsonOf<ErrorResponse>(res).code).toBe('E_DEVICE_TOKEN_INVALID');
    }
    // Sanity: both tokens work in their own realm.
    expect((await call(rt, usersApi.detail, { token: c.token })).statusCode).toBe(200);
    expect((await status(d.auth)).statusCode).toBe(200);
  });

  it('the device list and logout are scoped to the session customer', async () => {
    const owner = await newCustomer(rt);
    const other = await newCustomer(rt);
    await buy(rt.ctx.db, owner.id, 'PD', 2);
    await buy(rt.ctx.db, other.id, 'PD', 2);
    const d = await enrolDevice(rt, await enrolmentToken(rt, owner.id));
    await enrolDevice(rt, await enrolmentToken(rt, other.id));

    const mine = jsonOf<{ data: { _id: string }[] }>(
      await call(rt, devicesApi.profileList, { token: owner.token }),
    ).data;
    expect(mine.map((p) => p._id)).toEqual([d.profileId]);
    const theirs = jsonOf<{ data: { _id: string }[]; pagination: { total: number } }>(
      await call(rt, devicesApi.profileList, { token: other.token, query: { appName: 'PDALL' } }),
    );
    expect(theirs.data.map((p) => p._id)).not.toContain(d.profileId);
    expect(theirs.pagination.total).toBe(1);

    const logout = await call(rt, devicesApi.logout, { token: other.token, query: { serialNumber: d.serialNumber } });
    expect(logout.statusCode).toBe(404);
    expect((await status(d.auth)).statusCode).toBe(200);
    expect(await usedSeats(rt, owner.token, 'PD')).toBe(1);
  });
});
