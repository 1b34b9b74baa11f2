import { staffApi } from '@fleetdeck/contract/staff';
import type { AppContext } from '../../../context.ts';
import { staffAreaRoutes } from '../guard.ts';
import { PAGED } from '../shared/lists-routes.ts';
import * as ops from './service.ts';
import { answerList } from '../../../lib/area-routes.ts';

/** The back office's power chat users page (spec 3; DECISIONS §8). */
export const staffPowerChatUsersRoutes = (ctx: AppContext) =>
  staffAreaRoutes(ctx, ['Back office: devices and notifications'], (route) => {
    route(
      staffApi.powerChatUsers,
      {
        summary: 'Power Chat users across customers',
        description:
          "`fcmID` is the user's sign-in id, `fcmData.company` the owning customer's name (or email). Filters: " +
          `\`from_date\`/\`to_date\` (created day, UTC), \`company\` (part of the customer's name or email). ${PAGED}`,
      },
      answerList('Power Chat users', (req) => ops.powerChatUsers(ctx, req.query)),
    );
  });
