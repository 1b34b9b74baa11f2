import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { devicesApi, policyApi } from '@fleetdeck/contract';
import { ConfigError } from '../../config.ts';
import { createLogger } from '../../logger.ts';
import { devices } from '../../db/schema.ts';
import { startFakeFcm, type FakeFcm } from '../../../test/support/fake-fcm.ts';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';
import { buy } from '../../../test/support/ledger.ts';
import { createPushSender, readServiceAccount } from './push.ts';
import { call } from '../../../test/support/call.ts';
import { newCustomer, enrolDevice, enrolmentToken } from '../../../test/support/factory.ts';

/**
 * FCM wake-ups through the real firebase-admin SDK, against a local stand-in for Google's token and send
 * endpoints (test/support/fake-fcm.ts), which checks the signed service-account JWT and the bearer token.
 */

let fcm: FakeFcm;
let rt: TestRuntime;
const silent = createLogger('silent');

beforeAll(async () => {
  fcm = await startFakeFcm();
  rt = await startTestRuntime(inject('pgAdminUrl'), {
    env: { FCM_CREDENTIALS: fcm.credentialsFile },
    pushAgent: fcm.agent,
  });
});
afterAll(async () => {
  await rt?.close();
  await fcm?.close();
});

describe('FCM sender (firebase-admin)', () => {
  it('sends a high-priority data-only wake message and reports dead tokens', async () => {
    const sender = createPushSender({ fcmCredentials: fcm.credentialsFile }, silent, { httpAgent: fcm.agent })!;
    try {
      const before = fcm.sent.length;
      await expect(sender.tickle('live-token-1', 'device-1')).resolves.toBe('sent');
      expect(fcm.sent.slice(before)).toEqual([
        expect.objectContaining({
          token: 'live-token-1',
          data: { type: 'wake', deviceId: 'device-1' },
          android: expect.objectContaining({ priority: 'high', collapse_key: 'wake' }),
        }),
      ]);
      expect(fcm.tokenRequests).toBeGreaterThanOrEqual(1);

      fcm.deadTokens.add('dead-token-1');
      await expect(sender.tickle('dead-token-1', 'device-1')).resolves.toBe('token-dead');
    } finally {
      await sender.close();
    }
  });

  it('is off without FCM_CREDENTIALS', () => {
    expect(createPushSender({ fcmCredentials: undefined }, silent)).toBeNull();
  });

  it('stops start-up with a message naming FCM_CREDENTIALS for a missing, non-JSON or incomplete file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fcm-cred-'));
    try {
      expect(() => readServiceAccount(path.join(dir, 'missing.json'))).toThrow(/FCM_CREDENTIALS: cannot read/);
      fs.writeFileSync(path.join(dir, 'bad.json'), 'not json');
      expect(() => readServiceAccount(path.join(dir, 'bad.json'))).toThrow(ConfigError);
      expect(() => readServiceAccount(path.join(dir, 'bad.json'))).toThrow(/FCM_CREDENTIALS: .* is not JSON/);
      fs.writeFileSync(path.join(dir, 'partial.json'), JSON.stringify({ project_id: 'p' }));
      expect(() => readServiceAccount(path.join(dir, 'partial.json'))).toThrow(/lacks client_email, private_key/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('wake-ups through the product', () => {
  it('Apply tickles the device whose app reported an FCM token; a dead token is forgotten', async () => {
    const c = await newCustomer(rt);
    await buy(rt.ctx.db, c.id, 'PD', 2);
    const token = await enrolmentToken(rt, c.id);
    const live = await enrolDevice(rt, token, { fcmToken: 'live-registration-token' });
    const dead = await enrolDevice(rt, token);
    // The second app reports its token later, with a status call.
    const status = await call(rt, devicesApi.status, {
      body: { fcmToken: 'dead-registration-token' },
      token: dead.auth,
    });
    expect(status.statusCode).toBe(200);
    fcm.deadTokens.add('dead-registration-token');

    const before = fcm.sent.length;
    const apply = await call(rt, policyApi.apply, { query: { profileId: live.profileId }, token: c.token });
    expect(apply.statusCode).toBe(200);
    await fcm.waitForMessages(before + 1);
    expect(fcm.sent[before]).toMatchObject({
      token: 'live-registration-token',
      data: { type: 'wake', deviceId: live.deviceId },
    });

    const applyDead = await call(rt, policyApi.apply, { query: { profileId: dead.profileId }, token: c.token });
    expect(applyDead.statusCode).toBe(200);
    const deadline = Date.now() + 10_000;
    let stored: string | null = 'dead-registration-token';
    while (stored !== null && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      const [row] = await rt.ctx.db.select({ t: devices.fcmToken }).from(devices).where(eq(devices.id, dead.deviceId));
      stored = row!.t;
    }
    expect(stored).toBeNull();
    // The live device's token stays.
    const [liveRow] = await rt.ctx.db
      .select({ t: devices.fcmToken })
      .from(devices)
      .where(eq(devices.id, live.deviceId));
    expect(liveRow!.t).toBe('live-registration-token');
  });

  it('a device logout tickles the app so it learns at once; fcmToken null forgets the token', async () => {
    const c = await newCustomer(rt);
    await buy(rt.ctx.db, c.id, 'SL', 1);
    const token = await enrolmentToken(rt, c.id);
    const d = await enrolDevice(rt, token, { appName: 'SL', fcmToken: 'logout-token' });
    const before = fcm.sent.length;
    const res = await call(rt, devicesApi.logout, { query: { serialNumber: d.serialNumber }, token: c.token });
    expect(res.statusCode).toBe(200);
    await fcm.waitForMessages(before + 1);
    expect(fcm.sent.slice(before).map((m) => m.token)).toContain('logout-token');

    const other = await newCustomer(rt);
    await buy(rt.ctx.db, other.id, 'KM', 1);
    const d2 = await enrolDevice(rt, await enrolmentToken(rt, other.id), { appName: 'KM', fcmToken: 'to-forget' });
    const cleared = await call(rt, devicesApi.status, { body: { fcmToken: null }, token: d2.auth });
    expect(cleared.statusCode).toBe(200);
    const [row] = await rt.ctx.db.select({ t: devices.fcmToken }).from(devices).where(eq(devices.id, d2.deviceId));
    expect(row!.t).toBeNull();
  });

  it('refuses an fcmToken longer than 4096 characters, naming the field', async () => {
    const c = await newCustomer(rt);
    await buy(rt.ctx.db, c.id, 'UB', 1);
    const d = await enrolDevice(rt, await enrolmentToken(rt, c.id), { appName: 'UB' });
    const res = await call(rt, devicesApi.status, {
      body: { fcmToken: 'x'.repeat(4097) },
      token: d.auth,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ respones_msg: string }>().respones_msg).toMatch(/fcmToken/);
  });
});
