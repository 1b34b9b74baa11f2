/**
 * Examples of the OpenAPI document for the customer API's main calls, by operationId (plugins/openapi.ts): what a
 * generated client's user sees first. `openapi.test.ts` parses each with its endpoint's schemas, so they cannot
 * drift from the contract.
 */
export interface OperationExample {
  body?: unknown;
  query?: Record<string, string | number>;
  response?: unknown;
}

const DEVICE_ID = '6f1c2b8e-4d3a-4b7e-9c1f-2a5d8e7b3c10';
const KEY_ID = '0b9e7f52-8a41-4c36-b2d7-5e18f3a96c04';

export const OPENAPI_EXAMPLES: Readonly<Record<string, OperationExample>> = {
  usersLogin: {
    body: { email: 'owner@example.com', password: 'correct horse battery staple' },
    response: {
      respones_msg: 'Login successful',
      enable_two_step_email_verification: false,
      data: { token: '3f0c9a…' },
    },
  },
  devicesProfileList: {
    query: { page: 1, limit: 25, search: 'PD-0001' },
    response: {
      respones_msg: 'Profiles',
      data: [
        {
          _id: DEVICE_ID,
          name: 'Front desk tablet',
          profileName: 'PD-0001',
          appName: 'PD',
          created_at: '2026-05-04T09:12:00.000Z',
          online: true,
          lastSeenAt: '2026-11-30T08:00:00.000Z',
          policyVersion: 4,
          appliedPolicyVersion: 4,
          group: null,
          drift: 0,
        },
      ],
      pagination: { page: 1, limit: 25, total: 1 },
    },
  },
  commandsCommandCreate: { body: { type: 'lock', profileIds: [DEVICE_ID] } },
  apiKeysApiKeyCreate: {
    body: { name: 'Inventory sync', scopes: ['devices:read', 'commands:write'] },
    response: {
      respones_msg: 'API key created',
      data: {
        _id: KEY_ID,
        name: 'Inventory sync',
        prefix: 'fdk_AbC1',
        scopes: ['devices:read', 'commands:write'],
        createdBy: 'Ada Owner',
        createdAt: '2026-11-30T08:00:00.000Z',
        lastUsedAt: null,
        expiresAt: null,
        rateLimit: 600,
        key: 'fdk_AbC1…',
      },
    },
  },
  webhookEndpointsWebhookCreate: {
    body: {
      url: 'https://hooks.example.com/fleetdeck',
      events: ['device.enrolled', 'command.failed'],
      description: 'Ops alerts',
    },
  },
};
