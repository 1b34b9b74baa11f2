import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_ROLES, fleetApi, roleCan, usersApi, type Endpoint, type MemberRole } from '@fleetdeck/contract';
import { accessOfEndpoint } from '@fleetdeck/contract/access';
import { call } from '../../../test/support/call.ts';
import { newCustomer, newMember, type TestMember } from '../../../test/support/factory.ts';
import type { TestRuntime } from '../../../test/support/runtime.ts';
import { startFileRuntime } from '../../../test/support/suites.ts';

/**
 * DECISIONS §12, generated from the role table: every customer call a member can make, for each role, is either let
 * through the guard (whatever its input then answers) or refused with 403 `E_FORBIDDEN`, exactly as
 * `CUSTOMER_ENDPOINT_ACCESS` × `ROLE_PERMISSIONS` say. The guard runs before validation, so an empty body tells them
 * apart: an allowed call answers its own 400 (or 200/404), a refused one 403. The sixth column, a Technician limited to
 * one group, has the role's permissions; what its scope hides (every id outside answers 404, lists and counts of its
 * group only) is proved call by call in group-scope.test.ts.
 */

let rt: TestRuntime;
const byRole = {} as Record<MemberRole, TestMember>;
/** The sixth column: a Technician limited to one group (the permissions of the role; ids outside answer 404). */
let scopedTechnician: TestMember;
let scopedGroupId: string;
beforeAll(async () => {
  rt = await startFileRuntime();
  const owner = await newCustomer(rt);
  for (const role of MEMBER_ROLES) byRole[role] = await newMember(rt, owner, role);
  const group = (
    await call(rt, fleetApi.groupCreate, { token: owner.token, body: { name: 'Front desk', family: 'PD' } })
  ).data().data;
  scopedGroupId = group._id;
  scopedTechnician = await newMember(rt, owner, 'Technician', { groupIds: [scopedGroupId] });
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
      const columns = [
        ...MEMBER_ROLES.map((role) => ({ role, label: role, member: byRole[role], groupIds: null })),
        {
          role: 'Technician',
          label: 'Technician scoped to one group',
          member: scopedTechnician,
          groupIds: [scopedGroupId],
        },
      ] as const;
      for (const { role, label, member: known, groupIds } of columns) {
        // Logging out ends the session the next calls need: a fresh member for it.
        const member =
          endpoint === usersApi.logout
            ? await newMember(rt, { id: byRole.Owner.customerId }, role, { groupIds: groupIds ? [...groupIds] : null })
            : known;
        const params = Object.fromEntries(
          [...endpoint.path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => [
            name!,
            '00000000-0000-4000-8000-000000000000',
          ]),
        );
        const res = await call(rt, endpoint, { token: member.token, params, body: {} });
        const allowed = access === 'signed-in' || roleCan(role, access);
        if (allowed)
          expect([401, 403], `${label}: ${res.statusCode} ${res.body.slice(0, 200)}`).not.toContain(res.statusCode);
        else {
          expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBe(403);
          expect(res.error().code).toBe('E_FORBIDDEN');
        }
      }
    });
  }
});
