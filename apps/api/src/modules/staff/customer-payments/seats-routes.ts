import { staffApi } from '@fleetdeck/contract/staff';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { staffActorOf, staffAreaRoutes, staffOf } from '../guard.ts';
import * as seats from './seats-service.ts';
import { answer, answerList } from '../../../lib/area-routes.ts';
import { idempotencyKeyOf } from '../../../lib/idempotency.ts';

const actorWithEmail = (req: FastifyRequest) => ({ ...staffActorOf(req), email: staffOf(req).email });

/** The back office's customer payments page (spec 3; DECISIONS §8). */
export const staffCustomerPaymentsRoutes = (ctx: AppContext) =>
  staffAreaRoutes(ctx, ['Back office: customers'], (route) => {
    route(
      staffApi.resellerApprove,
      { summary: "Approve a customer's reseller request: issues the reseller's personal coupon (idempotent)" },
      answer('Reseller approved.', (req) => seats.approveResellerRequest(ctx, staffActorOf(req), req.body.customerId)),
    );

    route(
      staffApi.offlinePaymentCreate,
      {
        summary: 'Record an offline payment and grant its seats (subscription plans 1 year, one-time 3 years)',
        description:
          'A Success payment with `isOfflinePayment: true`, the staff member and the note, and its seats, in one ' +
          'transaction. Send an `Idempotency-Key` header: a retry with the same key answers the same payment (the ' +
          'same key for a different payment: 409). Without the header every call records a new sale.',
      },
      answer('Offline payment recorded.', (req) =>
        seats.createOfflinePayment(ctx, actorWithEmail(req), req.body, idempotencyKeyOf(req)),
      ),
    );

    route(staffApi.subscriptionDetail, { summary: "The customer's unexpired seats on a plan" }, async (req) => {
      const data = await seats.subscriptionSeats(ctx, req.query);
      return { respones_msg: 'Subscription detail', data, ...data };
    });

    route(
      staffApi.subscriptionUpdate,
      {
        summary: 'Change the seat count of a Success payment',
        description:
          'The same number answers 400 `E_NO_CHANGE` "No change made.". Lowering below the devices that use the ' +
          "family's seats is refused (409 `E_SEATS_IN_USE`): log devices out first (`payments/delete/device`).",
      },
      answer('Licences updated.', (req) => seats.updatePaymentSeats(ctx, actorWithEmail(req), req.body)),
    );

    route(
      staffApi.deviceByProduct,
      { summary: "The customer's enrolled devices of a product's family (newest first, at most 500)" },
      answerList('Enrolled devices', (req) => seats.devicesByProduct(ctx, req.query)),
    );

    route(
      staffApi.deleteDevice,
      { summary: 'Log a device out (its token stops working, the device is told, the seat is freed)' },
      async (req) => ({
        respones_msg: (await seats.deleteDevice(ctx, staffActorOf(req), req.query.id))
          ? 'Device logged out.'
          : 'This device was already logged out.',
      }),
    );
  });
