import { staffApi } from '@fleetdeck/contract/staff';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { staffActorOf, staffAreaRoutes, staffOf } from '../guard.ts';
import { LOGIN_AS_MINUTES, loginAs } from './service.ts';

/** Login-as (spec 3 "bypass login", DECISIONS §8): any staff role may open a customer's console. */
export const loginAsRoutes = (ctx: AppContext) =>
  staffAreaRoutes(ctx, ['Back office: customers'], (route) => {
    const doc = {
      summary: "Open a customer's console (login-as)",
      description:
        `Answers a customer token for a session of at most ${LOGIN_AS_MINUTES} minutes, marked as opened by this staff ` +
        'member: the console shows a banner, every action is audited with the staff member, and password, two-step, ' +
        "payment-method and purchase calls answer 403 `E_IMPERSONATION_FORBIDDEN`. The customer's audit log shows " +
        '"Staff login-as by <staff email>".',
    };
    const handler = async (req: FastifyRequest & { body: { email: string } }) => ({
      respones_msg: 'Customer console opened.',
      data: await loginAs(ctx, { ...staffActorOf(req), email: staffOf(req).email }, req.body.email),
    });
    route(staffApi.bypassLogin, doc, handler);
    route(staffApi.usersBypassLogin, { ...doc, summary: `${doc.summary} (the same call under users/)` }, handler);
  });
