import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  COMMAND_TYPES,
  commandsApi,
  profilesApi,
  type Command,
  type CommandCreateRequest,
  type CommandDevice,
  type DeviceDetail,
} from '@fleetdeck/contract';
import { SimulatedDevice } from '@fleetdeck/device-sim';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';
import { call } from '../../../test/support/call.ts';
import { buy } from '../../../test/support/ledger.ts';
import { enrolmentToken, newCustomer, type TestCustomer } from '../../../test/support/factory.ts';

/**
 * Issue 26, "each type end to end through device-sim": the real server listening on a loopback port, its pg-boss
 * workers fanning commands out, and two simulated devices (packages/device-sim) long-polling `GET events` over HTTP.
 * One claims every command; the other is not device owner (no reboot). Every type is sent through the customer API
 * and followed in the ledger until the device's own result is recorded there.
 */

let rt: TestRuntime;
let customer: TestCustomer;
let owner: SimulatedDevice;
let notOwner: SimulatedDevice;
const stop = new AbortController();
const running: Promise<void>[] = [];

beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'), { listen: true, env: { HOST: '127.0.0.1', PORT: '0' } });
  customer = await newCustomer(rt);
  await buy(rt.ctx.db, customer.id, 'PD', 2);
  const token = await enrolmentToken(rt, customer.id);
  const start = async (serialNumber: string, capabilities?: string[]) => {
    const device = new SimulatedDevice({
      baseUrl: rt.url!,
      enrolmentToken: token,
      appName: 'PD',
      serialNumber,
      statusIntervalMs: 3_600_000,
      ...(capabilities ? { capabilities } : {}),
    });
    await device.once(stop.signal);
    running.push(device.run(stop.signal, { wait: 20 }));
    return device;
  };
  owner = await start('SIM-CMD-OWNER');
  notOwner = await start(
    'SIM-CMD-PLAIN',
    COMMAND_TYPES.filter((t) => t !== 'reboot'),
  );
});

afterAll(async () => {
  stop.abort();
  await Promise.allSettled(running);
  rt?.ctx.wakeups.drain();
  rt?.app.server.closeAllConnections();
  await rt?.close();
});

async function send(body: CommandCreateRequest) {
  const res = await call(rt, commandsApi.commandCreate, { token: customer.token, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.data().data as Command;
}

const rowsOf = async (id: string) =>
  (await call(rt, commandsApi.commandDevices, { token: customer.token, params: { id }, query: { limit: 50 } })).data()
    .data as CommandDevice[];

/** The command's ledger once no row is queued or delivered any more (the devices answered). */
async function finished(id: string) {
  let rows: CommandDevice[] = [];
  await expect
    .poll(
      async () => {
        rows = await rowsOf(id);
        return rows.length > 0 && rows.every((r) => !['queued', 'delivered'].includes(r.state));
      },
      { timeout: 20_000, interval: 100 },
    )
    .toBe(true);
  return rows;
}

const rowOf = (rows: CommandDevice[], device: SimulatedDevice) => rows.find((r) => r.profileId === device.profileId)!;

describe('every command type, sent from the console, run by simulated devices over HTTP', () => {
  it('lock: delivered over the long-poll, run, and its message recorded', async () => {
    const command = await send({ type: 'lock', profileIds: [owner.profileId!], params: { message: 'Bring me back' } });
    const [row] = await finished(command._id);
    expect(row).toMatchObject({
      state: 'succeeded',
      channel: 'long-poll',
      message: 'Locked: Bring me back',
      serialNumber: 'SIM-CMD-OWNER',
    });
    expect(row!.delivered_at).not.toBeNull();
    expect(row!.finished_at).not.toBeNull();
    expect(owner.locked).toEqual({ message: 'Bring me back' });
  });

  it('reboot: run by the device owner; the other device is unsupported at once and never receives it', async () => {
    const before = notOwner.commands.length;
    const command = await send({ type: 'reboot', profileIds: [owner.profileId!, notOwner.profileId!] });
    const rows = await finished(command._id);
    expect(rowOf(rows, owner)).toMatchObject({ state: 'succeeded', message: 'Rebooted' });
    expect(rowOf(rows, notOwner)).toMatchObject({
      state: 'unsupported',
      message: 'the app is not device owner',
      delivered_at: null,
    });
    expect(notOwner.commands.length).toBe(before);
    const counts = (
      await call(rt, commandsApi.commandDetail, { token: customer.token, params: { id: command._id } })
    ).data().data as Command;
    expect(counts.counts).toMatchObject({ succeeded: 1, unsupported: 1, queued: 0, delivered: 0 });
  });

  it('clear_app_data: succeeds for an installed app, fails with the reason for one that is not', async () => {
    const installed = owner.applications.find((a) => a.app_status === 'Installed')!.package_name;
    const ok = await send({
      type: 'clear_app_data',
      profileIds: [owner.profileId!],
      params: { packageName: installed },
    });
    expect((await finished(ok._id))[0]).toMatchObject({ state: 'succeeded' });
    const missing = await send({
      type: 'clear_app_data',
      profileIds: [owner.profileId!],
      params: { packageName: 'com.example.notinstalled' },
    });
    expect((await finished(missing._id))[0]).toMatchObject({
      state: 'failed',
      message: 'com.example.notinstalled is not installed on this device',
    });
  });

  it('ring, sync: both devices run them', async () => {
    const ring = await send({
      type: 'ring',
      profileIds: [owner.profileId!, notOwner.profileId!],
      params: { seconds: 5 },
    });
    const rang = await finished(ring._id);
    expect(rang.map((r) => `${r.state} ${r.message}`)).toEqual(['succeeded Rang for 5 s', 'succeeded Rang for 5 s']);
    const sync = await send({ type: 'sync', profileIds: [notOwner.profileId!] });
    expect((await finished(sync._id))[0]).toMatchObject({ state: 'succeeded' });
  });

  it('locate: the position the device answered is in the ledger', async () => {
    const command = await send({ type: 'locate', profileIds: [notOwner.profileId!] });
    const [row] = await finished(command._id);
    expect(row!.state).toBe('succeeded');
    const at = row!.result as { latitude: number; longitude: number; accuracy: number };
    expect(Math.abs(at.latitude - notOwner.hardware.location.latitude)).toBeLessThan(0.01);
    expect(Math.abs(at.longitude - notOwner.hardware.location.longitude)).toBeLessThan(0.01);
  });

  it("lost_mode: on shows on the device's page with its message and phone, off clears it", async () => {
    const detail = async () =>
      (
        await call(rt, profilesApi.deviceDetail, {
          token: customer.token,
          query: { profileId: owner.profileId!, showSystemApp: true },
        })
      ).data().data as DeviceDetail;
    const on = await send({
      type: 'lost_mode',
      profileIds: [owner.profileId!],
      params: { enabled: true, message: 'Lost tablet', phone: '+44 20 7946 0000' },
    });
    expect((await finished(on._id))[0]!.state).toBe('succeeded');
    expect(owner.lostMode).toEqual({ message: 'Lost tablet', phone: '+44 20 7946 0000' });
    expect((await detail()).lostMode).toMatchObject({ message: 'Lost tablet', phone: '+44 20 7946 0000' });
    const off = await send({ type: 'lost_mode', profileIds: [owner.profileId!], params: { enabled: false } });
    expect((await finished(off._id))[0]!.state).toBe('succeeded');
    expect(owner.lostMode).toBeNull();
    expect((await detail()).lostMode).toBeNull();
  });

  it("the capabilities each app reported are on its device's page", async () => {
    const capsOf = async (device: SimulatedDevice) =>
      (
        (
          await call(rt, profilesApi.deviceDetail, {
            token: customer.token,
            query: { profileId: device.profileId!, showSystemApp: true },
          })
        ).data().data as DeviceDetail
      ).capabilities;
    expect(await capsOf(owner)).toEqual([...COMMAND_TYPES]);
    expect(await capsOf(notOwner)).toEqual(COMMAND_TYPES.filter((t) => t !== 'reboot'));
  });
});
