import { staffApi } from '@fleetdeck/contract/staff';
import type { AppContext } from '../../../context.ts';
import { answer, answerList } from '../../../lib/area-routes.ts';
import { staffActorOf, staffAreaRoutes } from '../guard.ts';
import * as accounts from './service.ts';

/** SuperAdmin's staff page (DECISIONS §8: `users/list`, `users/create`, `users/update`). */
export const staffAccountRoutes = (ctx: AppContext) =>
  staffAreaRoutes(ctx, ['Back office: staff'], (route) => {
    route(
      staffApi.staffList,
      { summary: 'Staff accounts, a page at a time' },
      answerList('Staff list', (req) => accounts.list(ctx, req.query)),
    );

    route(
      staffApi.staffCreate,
      { summary: 'Create a staff account with a role' },
      answer('Staff member created.', (req) => accounts.create(ctx, staffActorOf(req), req.body)),
    );

    route(
      staffApi.staffUpdate,
      {
        summary: "Change a staff member's name, role or password, or disable the account",
        description:
          "Disabling, a new password or a new role ends that person's sessions at once. Nobody can disable or demote " +
          'themselves, and the last enabled SuperAdmin stays one (400 `E_CONFLICT`).',
      },
      answer('Staff member updated.', (req) => accounts.update(ctx, staffActorOf(req), req.body)),
    );
  });
