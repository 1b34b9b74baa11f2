import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeysApi, commandsApi } from '@fleetdeck/contract';
import { call } from '../../../apps/api/test/support/call.ts';
import { fleetOwner } from '../../../apps/api/test/support/profiles.ts';
import { startFileRuntime } from '../../../apps/api/test/support/suites.ts';
import type { TestRuntime } from '../../../apps/api/test/support/runtime.ts';
import { lockDevice } from './example.ts';
import { createFleetdeckClient } from './index.ts';

/**
 * The SDK against a real server over HTTP: the README's script (example.ts) lists the devices and locks one.
 * The credential is an API key made by the Owner with the scopes the script needs (DECISIONS §13).
 */
let rt: TestRuntime;
beforeAll(async () => {
  rt = await startFileRuntime({ listen: true });
});
afterAll(async () => rt?.close());

describe('@fleetdeck/sdk', () => {
  it("runs the README's script: lists the devices and locks one", async () => {
    const owner = await fleetOwner(rt, 2);
    const name = `Front desk ${crypto.randomUUID().slice(0, 8)}`;
    await owner.enrol('PD', { deviceName: name });
    await owner.enrol('PD');
    const key = (
      await call(rt, apiKeysApi.apiKeyCreate, {
        token: owner.token,
        body: { name: 'Front desk script', scopes: ['devices:read', 'commands:write'] },
      })
    ).data().data.key;
    const fleet = createFleetdeckClient({ baseUrl: `${rt.url}/`, apiKey: key });

    const commandId = await lockDevice(fleet, name);

    const sent = (await call(rt, commandsApi.commandDetail, { token: owner.token, params: { id: commandId } })).data();
    expect(sent.data).toMatchObject({ _id: commandId, type: 'lock', total: 1 });
  });

  it('answers the error envelope, typed, on a refusal', async () => {
    const fleet = createFleetdeckClient({ baseUrl: rt.url!, apiKey: 'not-a-token' });
    const { data, error, response } = await fleet.GET('/api/v1/admin/profile/list', { params: { query: {} } });
    expect(response.status).toBe(401);
    expect(data).toBeUndefined();
    expect(error?.code).toBe('E_UNAUTHORIZED');
    await expect(lockDevice(fleet, 'anything')).rejects.toThrow(/listing the devices failed/);
  });
});
