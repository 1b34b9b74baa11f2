import { staffApi } from '@fleetdeck/contract/staff';
import type { AppContext } from '../../../context.ts';
import { sendPdf } from '../../invoices/reply.ts';
import { staffAreaRoutes } from '../guard.ts';
import { KEYSET } from '../shared/payments-routes.ts';
import * as lists from './service.ts';
import { answer } from '../../../lib/area-routes.ts';

/** The back office's payment history page (spec 3; DECISIONS §8). */
export const staffPaymentHistoryRoutes = (ctx: AppContext) =>
  staffAreaRoutes(ctx, ['Back office: payments'], (route) => {
    route(
      staffApi.paymentHistory,
      {
        summary: 'Payment history across customers, newest first',
        description:
          'Filters: `from_date`/`to_date` (UTC days, both included), `subscriptionType`, `paymentMethodType` (a card ' +
          'wallet counts as its wallet: google_pay, apple_pay, link), `email` (exact, any case), `status` (Success, ' +
          'Failed), `priceId` (plan identifier), `zeroSuccessPayment` (customers without any Success payment), ' +
          '`coupon`. `pricing` lists the plans for the Product filter. `isExportData=true` answers ' +
          '`payment-history.csv` with every matching row. ' +
          KEYSET,
      },
      async (req, reply) => {
        if (req.query.isExportData === true) return lists.exportPaymentHistory(ctx, req.query, reply);
        return { respones_msg: 'Payment history', ...(await lists.paymentHistory(ctx, req.query)) };
      },
    );

    route(
      staffApi.paymentInvoice,
      { summary: "A customer's invoice PDF (`content-type: application/pdf`)" },
      async (req, reply) => sendPdf(reply, await lists.staffPaymentDocument(ctx, req.params)),
    );

    route(
      staffApi.paymentCreditNote,
      { summary: "A customer's credit note PDF (`content-type: application/pdf`)" },
      async (req, reply) => sendPdf(reply, await lists.staffPaymentDocument(ctx, req.params)),
    );

    route(
      staffApi.failedPaymentEmail,
      {
        summary: 'Email a customer whose payment failed (the Send Email modal)',
        description:
          'Queues `content` (plain text) to the customer and adds one to their `failedEmailFollowupCount` (one counter ' +
          'per customer, shown on each of their failed rows). 404 for an unknown email, 409 when the customer has no ' +
          'failed payment.',
      },
      answer('Email sent', (req) => lists.sendFailedPaymentEmail(ctx, req.body)),
    );

    route(
      staffApi.updateWhatsappCount,
      { summary: "Count a WhatsApp follow-up of a failed payment (the customer's whatsappRedirectCount)" },
      answer('WhatsApp count updated', (req) => lists.countWhatsappRedirect(ctx, req.body.id.toLowerCase())),
    );
  });
