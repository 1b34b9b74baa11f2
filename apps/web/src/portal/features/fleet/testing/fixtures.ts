import type { Group, Rollout, RolloutDeviceState } from '@fleetdeck/contract';

/** The fleet pages' fake answers (DECISIONS §10 shapes, as the contract types them). */
export const API = '/api/v1/admin';
export const GROUP_ID = '5b0e3c1a-7d2f-4e8a-9c6b-0a1b2c3d4e5f';
export const TEMPLATE_ID = '7c1f4d2b-8e3a-4f9b-ad7c-1b2c3d4e5f60';
export const TEMPLATE_2_ID = '8d2a5e3c-9f4b-4a0c-be8d-2c3d4e5f6071';
export const ROLLOUT_ID = '9e3b6f4d-0a5c-4b1d-8f9e-3d4e5f607182';
export const BULK_ID = 'a04c7a5e-1b6d-4c2e-9a0f-4e5f60718293';
export const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const group = (overrides: Partial<Group> = {}): Group => ({
  _id: GROUP_ID,
  name: 'Lobby tablets',
  family: 'PD',
  templateId: TEMPLATE_ID,
  templateName: 'Kiosk lobby',
  templateVersion: 3,
  deviceCount: 12,
  driftCount: 2,
  activeRolloutId: null,
  created_at: '2026-01-05T10:00:00.000Z',
  ...overrides,
});

export const page = <T>(data: T[], total = data.length, limit = 25) => ({
  body: { respones_msg: 'OK', data, pagination: { page: 1, limit, total } },
});
export const one = <T>(data: T) => ({ body: { respones_msg: 'OK', data } });

export const templateItem = (_id: string, name: string, version: number) => ({
  _id,
  name,
  family: 'PD' as const,
  version,
  groupCount: 1,
  created_at: '2026-01-01T10:00:00.000Z',
  updated_at: '2026-01-02T10:00:00.000Z',
});
export const templateChoices = page([
  templateItem(TEMPLATE_ID, 'Kiosk lobby', 3),
  templateItem(TEMPLATE_2_ID, 'Front desk', 5),
]);

/** A rollout's or a stage's counts, in the order the page says them. */
export const counts = (succeeded: number, failed: number, pending: number, waiting = 0, rolledBack = 0) => ({
  succeeded,
  failed,
  pending,
  waiting,
  rolledBack,
});

export const rollout = (overrides: Partial<Rollout> = {}): Rollout => ({
  _id: ROLLOUT_ID,
  state: 'running',
  templateId: TEMPLATE_ID,
  templateName: 'Kiosk lobby',
  version: 4,
  family: 'PD',
  groupId: GROUP_ID,
  groupName: 'Lobby tablets',
  stageIndex: 1,
  stages: [
    { percent: 5, soakSeconds: 3600, size: 1, startedAt: '2026-01-06T10:00:00.000Z', counts: counts(1, 0, 0, 0) },
    { percent: 25, soakSeconds: 3600, size: 3, startedAt: '2026-01-06T11:00:00.000Z', counts: counts(1, 1, 1, 0) },
    { percent: 100, soakSeconds: 1800, size: 8, startedAt: null, counts: counts(0, 0, 0, 8) },
  ],
  pauseWhen: { failedPercent: 10, minDevices: 3 },
  ackTimeoutSeconds: 900,
  counts: counts(2, 1, 1, 8),
  total: 12,
  pausedReason: null,
  createdBy: 'jane@acme.test',
  created_at: '2026-01-06T10:00:00.000Z',
  updated_at: '2026-01-06T11:00:00.000Z',
  finishedAt: null,
  ...overrides,
});

export const rolloutDevice = (n: number, state: RolloutDeviceState, message: string | null = null) => ({
  profileId: id(n),
  serialNumber: `SERIAL-${n}`,
  deviceName: `Tablet ${n}`,
  stage: n % 3,
  state,
  message,
  at: '2026-01-06T11:05:00.000Z',
});
