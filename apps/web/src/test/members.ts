import { ROLE_PERMISSIONS, type MemberRole } from '@fleetdeck/contract';
import { sampleUser } from './mock-api';

export const MEMBER_ID = '4d2e6f8a-1b3c-4d5e-8f9a-0b1c2d3e4f5a';

/** `GET users/detail` answered for a member of the team with `role` (DECISIONS §12). */
export const detailAs = (role: MemberRole, groupIds: string[] | null = null) => ({
  'GET /api/v1/admin/users/detail': {
    body: {
      respones_msg: 'OK',
      data: {
        ...sampleUser,
        member: {
          _id: MEMBER_ID,
          name: 'Sam Rivera',
          email: 'sam@acme.test',
          role,
          groupIds,
          permissions: [...ROLE_PERMISSIONS[role]],
        },
      },
    },
  },
});
