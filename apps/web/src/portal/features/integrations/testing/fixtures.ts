import type { ApiKey, WebhookDelivery, WebhookEndpoint } from '@fleetdeck/contract';
import { id } from '@/portal/features/fleet/testing/fixtures';

/** The integrations pages' fake answers (DECISIONS §13 shapes, as the contract types them). */
export const API_KEYS = '/api/v1/admin/api-keys';
export const WEBHOOKS = '/api/v1/admin/webhooks';

export const apiKey = (overrides: Partial<ApiKey> = {}): ApiKey => ({
  _id: id(31),
  name: 'Ticketing',
  prefix: 'fdk_AbC1',
  scopes: ['devices:read', 'commands:write'],
  createdBy: 'Jane Cooper',
  createdAt: '2026-11-01T10:00:00.000Z',
  lastUsedAt: null,
  expiresAt: null,
  rateLimit: 600,
  ...overrides,
});

export const endpoint = (overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  _id: id(41),
  url: 'https://hooks.acme.test/fleet',
  events: ['device.enrolled', 'command.failed'],
  description: 'Inventory',
  enabled: true,
  disabledReason: null,
  secretPrefix: 'whsec_Xy9',
  createdAt: '2026-11-01T10:00:00.000Z',
  failingSince: null,
  lastSuccessAt: '2026-11-28T09:30:00.000Z',
  ...overrides,
});

export const delivery = (overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  _id: id(51),
  eventId: 'evt_1',
  event: 'device.enrolled',
  state: 'failed',
  attempts: 8,
  lastStatus: 500,
  lastResponse: 'Internal Server Error',
  lastAttemptAt: '2026-11-28T09:30:00.000Z',
  nextRetryAt: null,
  createdAt: '2026-11-27T09:30:00.000Z',
  ...overrides,
});

export const list = <T>(data: T[]) => ({ body: { respones_msg: 'OK', data } });
