import { PCHAT_MIN_QTY, chatApi } from '@fleetdeck/contract';
import type { AppContext } from '../../context.ts';
import { answer, areaRoutes } from '../../lib/area-routes.ts';
import { notFound } from '../../lib/errors.ts';
import { fromQueryOrBody } from '../../lib/query-or-body.ts';
import { customerActorOf, requireMember, sessionOf } from '../../plugins/auth.ts';
import { qrPng } from '../qr/service.ts';
import * as chat from './service.ts';

/**
 * Power Chat users of the customer console (spec 2 §7, `chatApi`) under /api/v1/admin/fcm/user, and the PNG of a
 * user's sign-in QR code under /api/v1/qr/chat.
 */
export const chatRoutes = (ctx: AppContext) =>
  areaRoutes({ tags: ['Power Chat users'], guardFor: requireMember(ctx) }, (route) => {
    route(
      chatApi.list,
      {
        summary: 'The Power Chat users of the customer',
        description: 'Newest first; page size 5, 10, 25 (default) or 50. Each user holds one PCHAT licence.',
      },
      async (req) => {
        const q = req.query;
        const { data, total } = await chat.list(ctx, sessionOf(req).subjectId, q);
        return { respones_msg: 'Power Chat users', data, pagination: { page: q.page, limit: q.limit, total } };
      },
    );

    route(
      chatApi.detail,
      { summary: 'One Power Chat user', description: "Unknown id, a deleted user or another customer's: 404." },
      answer('Power Chat user', (req) => chat.detail(ctx, sessionOf(req).subjectId, req.query.id)),
    );

    route(
      chatApi.sync,
      {
        summary: 'The Power Chat licences as the ledger counts them now',
        description:
          'Purchased (unexpired, unrefunded) seats, used (users not deleted), free, and users beyond the purchased ' +
          'seats (listed with `isTrialUser: true`).',
      },
      async (req) => {
        const data = await chat.sync(ctx, customerActorOf(req));
        return {
          respones_msg: `Power Chat users synced: ${data.used} of ${data.purchased} licences in use.`,
          data,
        };
      },
    );

    route(
      chatApi.create,
      {
        summary: 'Create a Power Chat user (takes one PCHAT licence)',
        description:
          '`user_id` is the sign-in name in the Power Chat app: 3 to 64 letters, digits, dots, dashes, underscores ' +
          'or @, stored lower-case and unique (409 when taken). `password`: 8 to 128 characters, not a common one; ' +
          'stored hashed. With no free PCHAT licence: 402 `E_NO_LICENCE` with `redirectToPaymentPage: 1`, ' +
          `\`requiredPurchasedQty\` (a new purchase needs at least ${PCHAT_MIN_QTY}) and \`isSubscriptionUpdate: 1\` ` +
          'when the customer has an active Power Chat subscription to add seats to.',
      },
      answer('Power Chat user created successfully.', (req) => chat.create(ctx, customerActorOf(req), req.body)),
    );

    route(
      chatApi.remove,
      {
        summary: 'Delete a Power Chat user (frees its licence)',
        description: "`id` in the query string or in a JSON body. Unknown id or another customer's: 404.",
      },
      async (req) => {
        const { id } = fromQueryOrBody(req.query, req.body, ['id']);
        await chat.remove(ctx, customerActorOf(req), id);
        return { respones_msg: 'Power Chat user deleted successfully.' };
      },
    );

    route(
      chatApi.qrImage,
      {
        summary: "PNG of a Power Chat user's sign-in QR code",
        description:
          'Addressed by `qrCodeUrl` of the user (no session: an <img> loads it; the key in the URL is the ' +
          'capability). The QR says `<PUBLIC_URL>/chat-login?user=<user_id>`. A deleted user or a wrong key: 404.',
        public: true,
      },
      async (req, reply) => {
        const text = await chat.qrTextOf(ctx, req.params.id, req.params.file.slice(0, -'.png'.length));
        if (text === null) throw notFound('This QR code does not exist or its user was deleted.');
        return reply
          .header('content-type', 'image/png')
          .header('cache-control', 'private, no-store')
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(await qrPng(text));
      },
    );
  });
