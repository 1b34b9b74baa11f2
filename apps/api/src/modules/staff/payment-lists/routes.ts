import { staffApi } from '@fleetdeck/contract/staff';
import type { AppContext } from '../../../context.ts';
import { staffAreaRoutes, staffOf } from '../guard.ts';
import { sendPdf } from '../../invoices/reply.ts';
import * as lists from './service.ts';

const KEYSET =
  'Keyset-paged: `total` counts at most 10,000 rows (`totalCapped`); pages past them are reached with `nextCursor` ' +
  '(send it back as `cursor` with the same filters and limit).';

/** Payment history, upcoming expiry, payment errors, coupons and the payment notes (spec 3; issue 10 item 6). */
export const staffPaymentListRoutes = (ctx: AppContext) =>
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
      async (req) => ({
        respones_msg: 'Email sent',
        data: await lists.sendFailedPaymentEmail(ctx, req.body),
      }),
    );
    route(
      staffApi.updateWhatsappCount,
      { summary: "Count a WhatsApp follow-up of a failed payment (the customer's whatsappRedirectCount)" },
      async (req) => ({
        respones_msg: 'WhatsApp count updated',
        data: await lists.countWhatsappRedirect(ctx, req.body.id.toLowerCase()),
      }),
    );
    route(
      staffApi.upcomingExpireHistory,
      {
        summary: 'Success payments whose seats expire in the next 30 days, soonest first',
        description: '`isOfflinePayment=true` offline sales only, `false` online payments only. ' + KEYSET,
      },
      async (req) => ({ respones_msg: 'Upcoming expiry', ...(await lists.upcomingExpire(ctx, req.query)) }),
    );
    route(
      staffApi.paymentErrors,
      {
        summary: 'Errors the payment provider reported, newest first',
        description:
          'Each failed attempt once, with the billing name the provider sent (`reqBody.error.payment_method.' +
          'billing_details.name`). 5 to 500 rows a page. ' +
          KEYSET,
      },
      async (req) => ({ respones_msg: 'Payment errors', ...(await lists.paymentErrors(ctx, req.query)) }),
    );
    route(
      staffApi.coupons,
      { summary: 'Coupons with their number of Success payments, and the payment notes' },
      async (req) => ({ respones_msg: 'Coupons', ...(await lists.couponList(ctx, req.query)) }),
    );
    route(
      staffApi.saveSetting,
      {
        summary: 'Save the payment notes shown on the pricing and payment pages',
        description: 'Plain text up to 2,000 characters; the pages show it as text (no HTML).',
      },
      async (req) => ({
        respones_msg: 'Payment notes saved',
        data: await lists.saveSetting(ctx, staffOf(req).id, req.body),
      }),
    );
  });
