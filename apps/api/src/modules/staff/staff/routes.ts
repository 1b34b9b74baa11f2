import { staffApi } from '@fleetdeck/contract/staff';
import type { AppContext } from '../../../context.ts';
import { staffActorOf, staffAreaRoutes } from '../guard.ts';
import * as accounts from './service.ts';

/** SuperAdmin's staff page (DECISIONS §8: `users/list`, `users/create`, `users/update`). */
export const staffAccountRoutes = (ctx: AppContext) =>
  staffAreaRoutes(ctx, ['Back office: staff'], (route) => {
    route(staffApi.staffList, { summary: 'Staff accounts, a page at a time' }, async (req) => ({
      respones_msg: 'Staff list',
      ...(await accounts.list(ctx, req.query)),
    }));

    route(staffApi.staffCreate, { summary: 'Create a staff account with a role' }, async (req) => ({
      respones_msg: 'Staff member created.',
      data: await accounts.create(ctx, staffActorOf(req), req.body),
    }));

    route(
      staffApi.staffUpdate,
      {
        summary: "Change a staff member's name, role or password, or disable the account",
        description:
          "Disabling, a new password or a new role ends that person's sessions at once. Nobody can disable or demote " +
          'themselves, and the last enabled SuperAdmin stays one (400 `E_CONFLICT`).',
      },
      async (req) => ({
        respones_msg: 'Staff member updated.',
        data: await accounts.update(ctx, staffActorOf(req), req.body),
      }),
    );
  });
