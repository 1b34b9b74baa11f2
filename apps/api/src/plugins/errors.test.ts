import net from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { devicesApi, profilesApi, usersApi, type ErrorResponse } from '@fleetdeck/contract';
import { startTestRuntime, type TestRuntime } from '../../test/support/runtime.ts';
import { call } from '../../test/support/call.ts';
import { customerWithSeats, enrolDevice } from '../../test/support/factory.ts';

/** Issue 12, item 9: bad input that got through, and framework errors outside the envelope. */
let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'), { listen: true });
});
afterAll(async () => rt?.close());

const NUL = 'a\u0000b';

/** Raw HTTP/1.1 over a socket: the framework errors happen before Fastify's router, where inject never goes. */
function rawRequest(head: string): Promise<{ status: number; headers: string; body: string }> {
  const { port } = new URL(rt.url!);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (data += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [headers = '', body = ''] = data.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1] ?? 0), headers, body });
    });
    socket.write(head);
  });
}

describe('NUL bytes are refused at the contract (issue 12, item 9)', () => {
  it('answers 400 E_VALIDATION, not 500, for a NUL in a device report, an enrolment, a query value and a profile field', async () => {
    const c = await customerWithSeats(rt, 'PD', 2);
    const d = await enrolDevice(rt, c);
    const answers = [
      await call(rt, devicesApi.status, { token: d.auth, body: { deviceName: NUL } }),
      await call(rt, devicesApi.status, { token: d.auth, body: { appVersionCode: NUL } }),
      await call(rt, devicesApi.applications, {
        token: d.auth,
        body: { applications: [{ package_name: 'com.a', version_number: NUL }] },
      }),
      await call(rt, devicesApi.createExport, {
        token: d.auth,
        body: { exportName: 'x', disabledApplications: [NUL] },
      }),
      await call(rt, usersApi.update, { token: c.token, body: { name: NUL } }),
      await call(rt, devicesApi.profileList, { token: c.token, query: { appName: NUL } }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.error()).toMatchObject({ code: 'E_VALIDATION' });
      expect(res.error().respones_msg).toContain('must not contain NUL characters');
    }
  });
});

describe('no coercion from arrays, capped arrays and capped error lists (issue 12, item 9)', () => {
  it('refuses batteryLevel [[[1]]] instead of reading it as 1', async () => {
    const c = await customerWithSeats(rt, 'PD', 1);
    const d = await enrolDevice(rt, c);
    const res = await call(rt, devicesApi.status, { token: d.auth, body: { batteryLevel: [[[1]]] } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.error().respones_msg).toBe('batteryLevel: must be a number from 0 to 100');
    const ok = await call(rt, devicesApi.status, { token: d.auth, body: { batteryLevel: '42' } });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('answers 100,000 schedule days with a short 400 and at most 20 listed errors', async () => {
    const c = await customerWithSeats(rt, 'POB', 1);
    const days = Array.from({ length: 100_000 }, () => 'Someday');
    const res = await call(rt, profilesApi.powerOnBootSetting, {
      token: c.token,
      body: {
        profileId: '00000000-0000-4000-8000-000000000000',
        scheduleShutdown: { scheduleType: 'Weekly', scheduleTime: '10:00', days },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.length).toBeLessThan(5000);
    const err = res.error();
    expect(err.code).toBe('E_VALIDATION');
    expect((err.errors ?? []).length).toBeLessThanOrEqual(20);
  });
});

describe('framework errors answer the envelope (issue 12, item 9)', () => {
  const isEnvelope = (body: string) => {
    const parsed = JSON.parse(body) as ErrorResponse;
    expect(typeof parsed.respones_msg).toBe('string');
    expect(parsed.code).toBeTypeOf('string');
    return parsed;
  };

  it('400 for a bad percent-encoding, without echoing the URL', async () => {
    const res = await rt.app.inject({ method: 'GET', url: '/api/v1/admin/%zz-secret-path' });
    expect(res.statusCode).toBe(400);
    const body = isEnvelope(res.body);
    expect(res.body).not.toContain('secret-path');
    expect(body.code).toBe('E_BAD_URL');
  });

  it('414 for a path parameter over the router limit, without echoing it', async () => {
    const res = await rt.app.inject({ method: 'GET', url: `/api/v1/playstore/icon/com.${'x'.repeat(600)}.svg` });
    expect(res.statusCode).toBe(414);
    isEnvelope(res.body);
    expect(res.body).not.toContain('xxxxxxxx');
  });

  it('431 for headers too large, as JSON with respones_msg', async () => {
    const res = await rawRequest(
      `GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\nConnection: close\r\n\r\n`,
    );
    expect(res.status).toBe(431);
    expect(res.headers.toLowerCase()).toContain('content-type: application/json');
    isEnvelope(res.body);
  });

  it('400 for a request line the parser refuses, as JSON with respones_msg', async () => {
    const res = await rawRequest('GARBAGE\r\n\r\n');
    expect(res.status).toBe(400);
    isEnvelope(res.body);
  });
});
