import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_ROLES, roleCan, usersApi, type Endpoint, type MemberRole } from '@fleetdeck/contract';
import { accessOfEndpoint } from '@fleetdeck/contract/access';
import { call } from '../../../test/support/call.ts';
import { newCustomer, newMember, type TestMember } from '../../../test/support/factory.ts';
import type { TestRuntime } from '../../../test/support/runtime.ts';
import { startFileRuntime } from '../../../test/support/suites.ts';

/**
 * DECISIONS §12, generated from the role table: every customer call a member can make, for each role, is either let
 * through the guard (whatever its input then answers) or refused with 403 `E_FORBIDDEN`, exactly as
 * `CUSTOMER_ENDPOINT_ACCESS` × `ROLE_PERMISSIONS` say. The guard runs before validation, so an empty body tells them
 * apart: an allowed call answers its own 400 (or 200/404), a refused one 403.
 */

let rt: TestRuntime;
const byRole = {} as Record<MemberRole, TestMember>;
beforeAll(async () => {
  rt = await startFileRuntime();
  const owner = await newCustomer(rt);
  for (const role of MEMBER_ROLES) byRole[role] = await newMember(rt, owner, role);
});
afterAll(() => rt.close());

const memberCalls = [...accessOfEndpoint].filter(
  (entry): entry is [Endpoint, Exclude<(typeof entry)[1], 'public' | 'device'>] =>
    entry[1] !== 'public' && entry[1] !== 'device',
);

describe('customer permission matrix, generated from the role table (DECISIONS §12)', () => {
  it('places every customer call', () => {
    expect(memberCalls.length).toBeGreaterThan(80);
  });

  for (const [endpoint, access] of memberCalls) {
    it(`${endpoint.method} ${endpoint.path} (${access})`, async () => {
      for (const role of MEMBER_ROLES) {
        // Logging out ends the session the next calls need: a fresh member for it.
        const member =
          endpoint === usersApi.logout ? await newMember(rt, { id: byRole.Owner.customerId }, role) : byRole[role];
        const params = Object.fromEntries(
          [...endpoint.path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => [
            name!,
            '00000000-0000-4000-8000-000000000000',
          ]),
        );
        const res = await call(rt, endpoint, { token: member.token, params, body: {} });
        const allowed = access === 'signed-in' || roleCan(role, access);
        if (allowed)
          expect([401, 403], `${role}: ${res.statusCode} ${res.body.slice(0, 200)}`).not.toContain(res.statusCode);
        else {
          expect(res.statusCode, `${role}: ${res.body.slice(0, 200)}`).toBe(403);
          expect(res.error().code).toBe('E_FORBIDDEN');
        }
      }
    });
  }
});
