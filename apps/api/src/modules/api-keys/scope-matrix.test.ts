import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_KEY_SCOPES,
  apiKeysApi,
  paymentsApi,
  teamApi,
  webhookEndpointsApi,
  type ApiKeyScope,
  type Endpoint,
} from '@fleetdeck/contract';
import { accessOfEndpoint, apiKeyScopeOfEndpoint } from '@fleetdeck/contract/access';
import { call } from '../../../test/support/call.ts';
import { newCustomer } from '../../../test/support/factory.ts';
import type { TestRuntime } from '../../../test/support/runtime.ts';
import { startFileRuntime } from '../../../test/support/suites.ts';

/**
 * DECISIONS §13, generated from the table: every customer call with a route, for a key of each single scope (and one
 * with every scope), is either let through the guard (whatever its input then answers: not 401 nor 403) or refused
 * with 403 `E_SCOPE`, exactly as `apiKeyScopeOfEndpoint` says. The guard runs before validation, so an empty body
 * tells them apart (model: modules/team/permission-matrix.test.ts).
 */

let rt: TestRuntime;
const keyOf = {} as Record<ApiKeyScope | 'all', string>;
beforeAll(async () => {
  rt = await startFileRuntime();
  const owner = await newCustomer(rt);
  const columns = [...API_KEY_SCOPES.map((s) => [s, [s]] as const), ['all', [...API_KEY_SCOPES]] as const];
  for (const [label, scopes] of columns) {
    const res = await call(rt, apiKeysApi.apiKeyCreate, {
      token: owner.token,
      body: { name: `matrix ${label}`, scopes: [...scopes] },
    });
    keyOf[label] = `Bearer ${res.data().data.key}`;
  }
});
afterAll(() => rt.close());

const memberCalls = [...apiKeyScopeOfEndpoint].filter(([endpoint]) => {
  const access = accessOfEndpoint.get(endpoint);
  return access !== 'public' && access !== 'device';
});

const paramsOf = (endpoint: Endpoint) =>
  Object.fromEntries(
    [...endpoint.path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => [name!, '00000000-0000-4000-8000-000000000000']),
  );

describe('API key scope matrix, generated from the access table (DECISIONS §13)', () => {
  it('places every customer call', () => {
    expect(memberCalls.length).toBeGreaterThan(80);
  });

  it('never opens the team, API keys, webhooks or payments to a key', () => {
    const never = [
      ...Object.values(teamApi),
      ...Object.values(apiKeysApi),
      ...Object.values(webhookEndpointsApi),
      paymentsApi.purchase,
      paymentsApi.updateSubscription,
      paymentsApi.applyCoupon,
      paymentsApi.attachPaymentMethod,
      paymentsApi.setDefaultPaymentMethod,
      paymentsApi.detachPaymentMethod,
    ].filter((e) => accessOfEndpoint.get(e as Endpoint) !== 'public');
    for (const e of never) expect(apiKeyScopeOfEndpoint.get(e as Endpoint), (e as Endpoint).path).toBeNull();
  });

  for (const [endpoint, scope] of memberCalls) {
    it(`${endpoint.method} ${endpoint.path} (${scope ?? 'never for keys'})`, async () => {
      // Endpoints of the table whose routes another branch adds (webhooks): their refusal is the table's, above.
      if (!rt.app.hasRoute({ method: endpoint.method, url: endpoint.path })) {
        expect(Object.values(webhookEndpointsApi)).toContain(endpoint);
        return;
      }
      for (const label of [...API_KEY_SCOPES, 'all'] as const) {
        const res = await call(rt, endpoint, { token: keyOf[label], params: paramsOf(endpoint), body: {} });
        const allowed = scope !== null && (label === 'all' || label === scope);
        if (allowed)
          expect([401, 403], `${label}: ${res.statusCode} ${res.body.slice(0, 200)}`).not.toContain(res.statusCode);
        else {
          expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBe(403);
          expect(res.error().code).toBe('E_SCOPE');
          expect(res.error().respones_msg).toMatch(scope === null ? /^API keys cannot call this: / : `"${scope}"`);
        }
      }
    });
  }
});
