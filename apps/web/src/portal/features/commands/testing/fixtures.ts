import type { Command, CommandCounts, CommandDevice, CommandDeviceState, CommandPreflight } from '@fleetdeck/contract';

/** The Commands pages' fake answers (DECISIONS §11 shapes, as the contract types them). */
export const API = '/api/v1/admin';
export const COMMAND_ID = 'c13d5e7f-2a4b-4c6d-8e0f-1a2b3c4d5e6f';
export const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const counts = (overrides: Partial<CommandCounts> = {}): CommandCounts => ({
  queued: 0,
  delivered: 0,
  succeeded: 0,
  failed: 0,
  expired: 0,
  cancelled: 0,
  unsupported: 0,
  ...overrides,
});

export const command = (overrides: Partial<Command> = {}): Command => ({
  _id: COMMAND_ID,
  type: 'locate',
  params: {},
  groupId: null,
  groupName: null,
  total: 5,
  counts: counts({ queued: 2, succeeded: 2, unsupported: 1 }),
  createdBy: 'jane@acme.test',
  created_at: '2026-02-01T10:00:00.000Z',
  expires_at: '2026-02-01T10:10:00.000Z',
  fanningOut: false,
  ...overrides,
});

export const commandDevice = (
  n: number,
  state: CommandDeviceState,
  overrides: Partial<CommandDevice> = {},
): CommandDevice => ({
  _id: id(100 + n),
  profileId: id(n),
  serialNumber: `SN-${n}`,
  deviceName: `Tablet ${n}`,
  state,
  channel: state === 'queued' || state === 'unsupported' ? null : 'long-poll',
  result: null,
  message: null,
  created_at: '2026-02-01T10:00:00.000Z',
  delivered_at: state === 'queued' || state === 'unsupported' ? null : '2026-02-01T10:00:02.000Z',
  finished_at: state === 'succeeded' || state === 'failed' ? '2026-02-01T10:00:05.000Z' : null,
  ...overrides,
});

export const preflight = (total: number, notCapable: CommandPreflight['notCapable'] = []) => ({
  body: {
    respones_msg: 'OK',
    data: { total, capable: total - notCapable.reduce((n, r) => n + r.count, 0), notCapable },
  },
});

export const page = <T>(data: T[], total = data.length, limit = 25) => ({
  body: { respones_msg: 'OK', data, pagination: { page: 1, limit, total } },
});
export const one = <T>(data: T) => ({ body: { respones_msg: 'OK', data } });
