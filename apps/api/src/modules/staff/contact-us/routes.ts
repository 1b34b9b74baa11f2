import type { AppContext } from '../../../context.ts';
import * as content from '../../content/service.ts';
import { staffApi } from '@fleetdeck/contract/staff';
import { staffAreaRoutes } from '../guard.ts';
import { answerList } from '../../../lib/area-routes.ts';

/** The back office's contact us page (spec 3 §7 Content). */
export const staffContactUsRoutes = (ctx: AppContext) =>
  staffAreaRoutes(ctx, ['Back office: content'], (route) => {
    route(
      staffApi.contactUsList,
      { summary: 'Contact form messages', description: 'Sortable by name, email, subject, created_at.' },
      answerList('Contact us list', (req) => content.listContacts(ctx, req.query)),
    );
  });
