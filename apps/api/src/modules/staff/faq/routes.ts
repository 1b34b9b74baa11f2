import type { AppContext } from '../../../context.ts';
import * as content from '../../content/service.ts';
import { staffApi } from '@fleetdeck/contract/staff';
import { staffActorOf, staffAreaRoutes } from '../guard.ts';
import { answer } from '../../../lib/area-routes.ts';

/** The back office's faq page (spec 3 §7 Content). */
export const staffFaqRoutes = (ctx: AppContext) =>
  staffAreaRoutes(ctx, ['Back office: content'], (route) => {
    route(
      staffApi.faqCreate,
      { summary: 'Adds an FAQ entry (Active unless told otherwise)', description: 'The answer HTML is sanitised.' },
      answer('FAQ added successfully.', (req) => content.createFaq(ctx, staffActorOf(req), req.body)),
    );

    route(staffApi.faqList, { summary: 'FAQ entries, newest first' }, async (req) => ({
      respones_msg: 'FAQ list',
      ...(await content.listFaqs(ctx, req.query)),
    }));

    route(staffApi.faqDetail, { summary: 'One FAQ entry' }, async (req) => ({
      respones_msg: 'FAQ detail',
      data: await content.faqDetail(ctx, req.query.id),
    }));

    route(
      staffApi.faqUpdate,
      { summary: 'Changes an FAQ entry: status (the badge toggle), question, answer' },
      answer('FAQ updated successfully.', (req) => content.updateFaq(ctx, staffActorOf(req), req.body)),
    );
  });
