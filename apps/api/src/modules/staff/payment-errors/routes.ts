import { staffApi } from '@fleetdeck/contract/staff';
import type { AppContext } from '../../../context.ts';
import { staffAreaRoutes } from '../guard.ts';
import { KEYSET } from '../shared/payments-routes.ts';
import * as lists from './service.ts';
import { answerList } from '../../../lib/area-routes.ts';

/** The back office's payment errors page (spec 3; DECISIONS §8). */
export const staffPaymentErrorsRoutes = (ctx: AppContext) =>
  staffAreaRoutes(ctx, ['Back office: payments'], (route) => {
    route(
      staffApi.paymentErrors,
      {
        summary: 'Errors the payment provider reported, newest first',
        description:
          'Each failed attempt once, with the billing name the provider sent (`reqBody.error.payment_method.' +
          'billing_details.name`). 5 to 500 rows a page. ' +
          KEYSET,
      },
      answerList('Payment errors', (req) => lists.paymentErrors(ctx, req.query)),
    );
  });
