import { describe, expect, it } from 'vitest';
import {
  commandResultRequestSchema,
  deviceApplicationsRequestSchema,
  deviceLogsRequestSchema,
  deviceStatusRequestSchema,
  enrolRequestSchema,
  policyAckRequestSchema,
} from '@fleetdeck/contract';
import { DeviceApiError } from './client.ts';
import { SimulatedDevice } from './device.ts';
import { runFleet } from './fleet.ts';

/** An in-memory stand-in for the device API, enough to drive the simulator without a server. */
function fakeApi(opts: { seats?: number } = {}) {
  const state = {
    version: 1,
    policy: { applications: [] as unknown[] } as Record<string, unknown>,
    enrolled: new Map<string, string>(),
    acks: [] as unknown[],
    inventories: [] as unknown[],
    statuses: [] as unknown[],
    logs: [] as unknown[],
    exports: [] as unknown[],
    receipts: [] as string[],
    results: [] as { id: string; body: Record<string, unknown> }[],
    messages: [] as unknown[],
    calls: [] as string[],
  };
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const path = url.pathname.replace('/api/v1/device/', '');
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    state.calls.push(`${method} ${path}`);
    if (path === 'enrol') {
      const parsed = enrolRequestSchema.safeParse(body);
      if (!parsed.success) return json(400, { respones_msg: 'bad', code: 'E_VALIDATION' });
      if (state.enrolled.size >= (opts.seats ?? 100)) {
        return json(402, { respones_msg: 'No free licence for PD.', code: 'E_NO_LICENCE' });
      }
      const token = `tok-${parsed.data.serialNumber}`;
      state.enrolled.set(token, parsed.data.serialNumber);
      const r = { deviceToken: token, profileId: 'p1', deviceId: 'd1', policyVersion: state.version };
      return json(200, { respones_msg: 'ok', data: r, ...r });
    }
    const auth = headers.get('authorization') ?? '';
    if (!auth.startsWith('Device ') || !state.enrolled.has(auth.slice(7))) {
      return json(401, { respones_msg: 'no', code: 'E_UNAUTHORIZED' });
    }
    const etag = `"v${state.version}"`;
    switch (`${method} ${path}`) {
      case 'GET policy':
        if (headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers: { etag } });
        return json(
          200,
          {
            respones_msg: 'ok',
            data: { version: state.version, profileId: 'p1', appName: 'PD', policy: state.policy },
          },
          { etag },
        );
      case 'POST policy/ack':
        expect(policyAckRequestSchema.safeParse(body).success).toBe(true);
        state.acks.push(body);
        return json(200, { respones_msg: 'ok' });
      case 'POST status':
        expect(deviceStatusRequestSchema.safeParse(body).success).toBe(true);
        state.statuses.push(body);
        return json(200, { respones_msg: 'ok' });
      case 'PUT applications':
        expect(deviceApplicationsRequestSchema.safeParse(body).success).toBe(true);
        state.inventories.push(body);
        return json(200, { respones_msg: 'ok' });
      case 'POST logs':
        expect(deviceLogsRequestSchema.safeParse(body).success).toBe(true);
        state.logs.push(...(body as { logs: unknown[] }).logs);
        return json(200, { respones_msg: 'ok' });
      case 'POST exports':
        state.exports.push(body);
        return json(200, { respones_msg: 'ok' });
      case 'GET events': {
        const held = Number(url.searchParams.get('version'));
        const messages = state.messages.splice(0);
        return json(200, {
          respones_msg: 'ok',
          data: { policyVersion: state.version, policyChanged: state.version > held, messages, logout: false },
        });
      }
    }
    const result = /^commands\/([^/]+)\/result$/.exec(path);
    if (method === 'POST' && result) {
      expect(commandResultRequestSchema.safeParse(body).success).toBe(true);
      state.results.push({ id: result[1]!, body: body as Record<string, unknown> });
      return json(200, { respones_msg: 'ok', data: { _id: result[1], state: body.state, finished_at: null } });
    }
    const receipt = /^notifications\/([^/]+)\/(delivered|opened)$/.exec(path);
    if (method === 'POST' && receipt) {
      state.receipts.push(`${receipt[1]}:${receipt[2]}`);
      return json(200, { respones_msg: 'ok' });
    }
    return json(404, { respones_msg: 'Not found', code: 'E_NOT_FOUND' });
  }) as typeof fetch;
  return { state, fetch: fetchImpl };
}

const device = (
  api: ReturnType<typeof fakeApi>,
  serialNumber = 'SIM-TEST-0001',
  fail: { failRate?: number; failWhen?: string; capabilities?: string[] } = {},
) =>
  new SimulatedDevice({
    baseUrl: 'http://api.test',
    enrolmentToken: 'enrol-token',
    appName: 'PD',
    serialNumber,
    fetch: api.fetch,
    openDelayMs: 0,
    ...fail,
  });

describe('SimulatedDevice against a fake API', () => {
  it('enrols, reports, and uses the ETag so an unchanged policy is a 304', async () => {
    const api = fakeApi();
    const d = device(api);
    await d.enrol();
    expect(d.deviceToken).toBe('tok-SIM-TEST-0001');
    await d.once();
    expect(d.appliedVersion).toBe(1);
    expect(api.state.acks).toEqual([{ version: 1, result: 'Success', message: 'Applied: 0 apps disabled' }]);
    expect(api.state.inventories).toHaveLength(1);
    expect(api.state.logs.length).toBeGreaterThan(1);

    expect(await d.checkIn()).toEqual({ changed: false, version: 1 });
    expect(api.state.statuses).toHaveLength(2);
  });

  it('fails on purpose: a policy with the --fail-when setting on, or every one at --fail-rate 1', async () => {
    const api = fakeApi();
    const d = device(api, 'SIM-TEST-0002', { failWhen: 'advancedSettings.factoryReset' });
    await d.once();
    expect(api.state.acks.at(-1)).toMatchObject({ version: 1, result: 'Success' });
    api.state.version = 2;
    api.state.policy = { advancedSettings: { factoryReset: true } };
    expect(await d.syncPolicy()).toBe(2);
    expect(api.state.acks.at(-1)).toEqual({
      version: 2,
      result: 'Failed',
      message: 'Cannot apply advancedSettings.factoryReset: not supported on this device',
    });

    const always = fakeApi();
    await device(always, 'SIM-TEST-0003', { failRate: 1 }).once();
    expect(always.state.acks).toEqual([{ version: 1, result: 'Failed', message: 'Simulated failure (--fail-rate)' }]);
  });

  it('applies a new policy: disables the apps, acks Success, re-reports the inventory and backs them up', async () => {
    const api = fakeApi();
    const d = device(api);
    await d.once();
    const victim = d.applications.find((a) => a.application_type === 0) ?? d.applications[0]!;
    api.state.version = 2;
    api.state.policy = { applications: [{ package_name: victim.package_name, disable: true }] };

    const ev = await d.pollEvents(0);
    expect(ev.policyChanged).toBe(true);
    expect(await d.syncPolicy()).toBe(2);
    expect(d.appliedVersion).toBe(2);
    expect(d.applications.find((a) => a.package_name === victim.package_name)!.app_disable).toBe(true);
    expect(api.state.acks.at(-1)).toEqual({ version: 2, result: 'Success', message: 'Applied: 1 apps disabled' });
    expect(api.state.inventories).toHaveLength(2);
    expect(api.state.exports).toHaveLength(1);
    expect((await d.pollEvents(0)).policyChanged).toBe(false);
  });

  it('acknowledges notifications delivered then opened, and runs until aborted', async () => {
    const api = fakeApi();
    api.state.messages.push({
      _id: 'n1',
      kind: 'notification',
      payload: { title: 'Hi' },
      created_at: new Date().toISOString(),
    });
    const d = device(api);
    const ac = new AbortController();
    const running = d.run(ac.signal, { wait: 0 });
    await expect.poll(() => api.state.receipts, { timeout: 2000 }).toEqual(['n1:delivered', 'n1:opened']);
    ac.abort();
    await running;
    expect(d.stopped).toBeNull();
  });

  it('listens for events only: shows each notification with its text, then opens it', async () => {
    const api = fakeApi();
    const d = device(api);
    await d.enrol();
    api.state.messages.push({
      _id: 'n2',
      kind: 'notification',
      payload: { title: 'Maintenance', message: 'Restart at 22:00' },
      created_at: new Date().toISOString(),
    });
    const ac = new AbortController();
    const listening = d.listen(ac.signal, { wait: 0 });
    await expect.poll(() => api.state.receipts, { timeout: 2000 }).toEqual(['n2:delivered', 'n2:opened']);
    ac.abort();
    await listening;
    expect(d.notifications).toEqual([
      expect.objectContaining({
        id: 'n2',
        title: 'Maintenance',
        message: 'Restart at 22:00',
        openedAt: expect.any(Number),
      }),
    ]);
    // Only the event loop ran: no status, inventory or policy traffic.
    expect(api.state.statuses).toHaveLength(0);
    expect(api.state.inventories).toHaveLength(0);
  });

  it('stops with a plain reason when there is no free licence', async () => {
    const api = fakeApi({ seats: 0 });
    const d = device(api);
    await expect(d.enrol()).rejects.toThrow(DeviceApiError);
    await expect(d.enrol()).rejects.toThrow(/no free licence/);
    await d.run(new AbortController().signal);
    expect(d.stopped).toMatch(/E_NO_LICENCE: no free licence/);
  });
});

describe('runFleet', () => {
  it('runs N devices once with unique serials and reports the seats that ran out', async () => {
    const api = fakeApi({ seats: 3 });
    const original = globalThis.fetch;
    globalThis.fetch = api.fetch;
    try {
      const report = await runFleet(
        {
          baseUrl: 'http://api.test',
          enrolmentToken: 't',
          appName: 'PD',
          count: 5,
          serialPrefix: 'FLEET',
          concurrency: 2,
          wait: 0,
          once: true,
        },
        new AbortController().signal,
      );
      expect(report.devices).toBe(5);
      expect(report.enrolled).toBe(3);
      expect(Object.values(report.problems)).toEqual([2]);
      expect(Object.keys(report.problems)[0]).toMatch(/no free licence/);
      expect(new Set(api.state.enrolled.values())).toEqual(new Set(['FLEET-0001', 'FLEET-0002', 'FLEET-0003']));
      expect(report.requests).toContain('POST /api/v1/device/enrol 402: 2');
    } finally {
      globalThis.fetch = original;
    }
  });
});

describe('app version (DECISIONS §8)', () => {
  const sim = (appVersionCode: string, lines: string[]) =>
    new SimulatedDevice({
      baseUrl: 'http://api.test',
      enrolmentToken: 'enrol-token',
      appName: 'PD',
      serialNumber: 'SIM-APPV-0001',
      appVersionCode,
      fetch: fakeApi().fetch,
      openDelayMs: 0,
      log: (_d, line) => lines.push(line),
    });

  it('prints "update required" when the policy names a higher minimum, and not otherwise', () => {
    const lines: string[] = [];
    const old = sim('380', lines);
    const policy = { appVersion: { minAppVersionCode: 400, message: 'Get 4.0', forceUpdate: true } };
    expect(old.checkAppVersion(policy)).toBe(true);
    expect(old.updateRequired).toBe(true);
    expect(lines).toEqual(['update required (app 380 < 400) (forced): Get 4.0']);
    const fresh = sim('400', lines);
    expect(fresh.checkAppVersion(policy)).toBe(false);
    expect(fresh.checkAppVersion({})).toBe(false);
    expect(lines).toHaveLength(1);
  });
});

describe('remote commands (DECISIONS §11)', () => {
  const command = (id: string, type: string, params: Record<string, unknown> = {}) => ({
    _id: id,
    kind: 'command' as const,
    payload: { commandId: `c-${id}`, type, params },
    created_at: new Date().toISOString(),
  });

  it('claims every command type at enrolment and in status, or only those given', async () => {
    const api = fakeApi();
    await device(api).once();
    const all = ['lock', 'reboot', 'clear_app_data', 'ring', 'locate', 'lost_mode', 'sync'];
    expect((api.state.statuses[0] as { capabilities: string[] }).capabilities).toEqual(all);
    const limited = fakeApi();
    await device(limited, 'SIM-TEST-0009', { capabilities: ['lock', 'ring'] }).once();
    expect((limited.state.statuses[0] as { capabilities: string[] }).capabilities).toEqual(['lock', 'ring']);
  });

  it('runs every type, reports each result on its message id, and acknowledges delivery first', async () => {
    const api = fakeApi();
    const d = device(api);
    await d.once();
    const installed = d.applications.find((a) => a.app_status === 'Installed')!;
    const statusesBefore = api.state.statuses.length;
    for (const m of [
      command('m1', 'lock', { message: 'Return to the front desk' }),
      command('m2', 'reboot'),
      command('m3', 'clear_app_data', { packageName: installed.package_name }),
      command('m4', 'clear_app_data', { packageName: 'com.example.absent' }),
      command('m5', 'ring', { seconds: 45 }),
      command('m6', 'locate'),
      command('m7', 'lost_mode', { enabled: true, message: 'Lost tablet', phone: '+44 20 7946 0000' }),
      command('m8', 'sync'),
      command('m9', 'lost_mode', { enabled: false }),
    ])
      await d.handleMessage(m);

    const byId = Object.fromEntries(api.state.results.map((r) => [r.id, r.body]));
    expect(byId.m1).toEqual({ state: 'succeeded', message: 'Locked: Return to the front desk' });
    expect(byId.m2).toEqual({ state: 'succeeded', message: 'Rebooted' });
    expect(byId.m3).toMatchObject({ state: 'succeeded' });
    expect(byId.m4).toEqual({ state: 'failed', message: 'com.example.absent is not installed on this device' });
    expect(byId.m5).toEqual({ state: 'succeeded', message: 'Rang for 45 s' });
    const at = (byId.m6 as { result: { latitude: number; longitude: number; accuracy: number } }).result;
    expect(Math.abs(at.latitude - d.hardware.location.latitude)).toBeLessThan(0.01);
    expect(Math.abs(at.longitude - d.hardware.location.longitude)).toBeLessThan(0.01);
    expect(byId.m7).toEqual({ state: 'succeeded', message: 'Lost mode on' });
    expect(byId.m8).toMatchObject({ state: 'succeeded' });
    expect(api.state.statuses.length).toBe(statusesBefore + 1); // sync reported its status now
    expect(d.locked).toEqual({ message: 'Return to the front desk' });
    expect(d.lostMode).toBeNull(); // turned off by m9
    // Each message acknowledged as delivered before its result.
    for (const id of ['m1', 'm6', 'm9']) {
      expect(api.state.receipts).toContain(`${id}:delivered`);
      expect(api.state.calls.indexOf(`POST notifications/${id}/delivered`)).toBeLessThan(
        api.state.calls.indexOf(`POST commands/${id}/result`),
      );
    }
    expect(d.commands.map((c) => `${c.type}:${c.state}`)).toEqual([
      'lock:succeeded',
      'reboot:succeeded',
      'clear_app_data:succeeded',
      'clear_app_data:failed',
      'ring:succeeded',
      'locate:succeeded',
      'lost_mode:succeeded',
      'sync:succeeded',
      'lost_mode:succeeded',
    ]);
  });

  it('answers failed for a command it does not claim, and still re-reports the inventory for sync_applications', async () => {
    const api = fakeApi();
    const d = device(api, 'SIM-TEST-0010', { capabilities: ['lock'] });
    await d.once();
    await d.handleMessage(command('r1', 'reboot'));
    expect(api.state.results).toEqual([{ id: 'r1', body: { state: 'failed', message: 'This app cannot run Reboot' } }]);
    const inventories = api.state.inventories.length;
    await d.handleMessage({
      _id: 'legacy',
      kind: 'command',
      payload: { command: 'sync_applications' },
      created_at: new Date().toISOString(),
    });
    expect(api.state.inventories.length).toBe(inventories + 1);
    expect(api.state.results).toHaveLength(1); // no ledger: no result
  });
});
