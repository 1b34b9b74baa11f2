import Fastify from 'fastify';
import { z } from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoint, fleetApi, licencesApi, paymentsApi, usersApi } from '@fleetdeck/contract';
import { areaRoutes } from '../../lib/area-routes.ts';
import { requireMember } from '../../plugins/auth.ts';
import { call } from '../../../test/support/call.ts';
import { newCustomer, newMember } from '../../../test/support/factory.ts';
import type { TestRuntime } from '../../../test/support/runtime.ts';
import { startFileRuntime } from '../../../test/support/suites.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startFileRuntime();
});
afterAll(() => rt.close());

describe('the customer guard reads the member of the session (DECISIONS §12)', () => {
  it('lets each role do what the role table says and answers 403 with the role named otherwise', async () => {
    const owner = await newCustomer(rt);
    const viewer = await newMember(rt, owner, 'Viewer');
    const billing = await newMember(rt, owner, 'Billing');

    expect((await call(rt, licencesApi.dashboard, { token: viewer.token })).statusCode).toBe(200);
    const refused = await call(rt, fleetApi.groupCreate, {
      token: viewer.token,
      body: { name: 'Tablets', family: 'PD' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().respones_msg).toMatch(/Your role \(Viewer: reads everything but billing/);

    expect((await call(rt, paymentsApi.history, { token: billing.token, query: {} })).statusCode).toBe(200);
    expect((await call(rt, licencesApi.dashboard, { token: billing.token })).statusCode).toBe(403);
    expect((await call(rt, paymentsApi.history, { token: viewer.token, query: {} })).statusCode).toBe(403);

    // Acting on themselves is open to every member.
    expect((await call(rt, usersApi.detail, { token: billing.token })).statusCode).toBe(200);
    // The registrant's session is the Owner's.
    expect((await call(rt, paymentsApi.history, { token: owner.token, query: {} })).statusCode).toBe(200);
  });
});

describe('deny by default', () => {
  it('refuses to start with a customer route the access table does not place', async () => {
    const unplaced = endpoint({ method: 'GET', path: '/api/v1/admin/unplaced', response: z.object({}) });
    const app = Fastify();
    const start = async () => {
      await app.register(
        areaRoutes({ tags: ['Test'], guardFor: requireMember(rt.ctx) }, (route) => {
          route(unplaced, { summary: 'Not in CUSTOMER_ENDPOINT_ACCESS' }, () => ({}));
        }),
      );
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/GET \/api\/v1\/admin\/unplaced has no member permission/);
    await app.close().catch(() => undefined);
  });
});
