import type { FastifyRequest } from 'fastify';
import { staffApi } from '@fleetdeck/contract/staff';
import type { AppContext } from '../../../context.ts';
import { sendCsv, type CsvColumn } from '../../../lib/csv-export.ts';
import { staffActorOf, staffAreaRoutes, staffOf } from '../guard.ts';
import type { CustomerListRow } from './repository.ts';
import * as customers from './service.ts';

const idempotencyKeyOf = (req: Pick<FastifyRequest, 'headers'>) => {
  const value = req.headers['idempotency-key'];
  return Array.isArray(value) ? value[0] : value;
};

const actorWithEmail = (req: FastifyRequest) => ({ ...staffActorOf(req), email: staffOf(req).email });

/** `customers.csv`: the list's columns, in its order (spec 3 §9: fixed names and headers). */
const CUSTOMER_COLUMNS: CsvColumn<CustomerListRow>[] = [
  { header: 'Email', value: (r) => r.email },
  { header: 'Name', value: (r) => r.name },
  { header: 'Phone Number', value: (r) => customers.customerRowOf(r).formattedPhoneNumber },
  { header: 'Active License', value: (r) => r.purchased },
  { header: 'Active Used License', value: (r) => r.used },
  { header: 'Expired License', value: (r) => r.expired },
  { header: 'Source', value: (r) => (r.isOfflineCustomer ? 'Offline' : 'Online') },
  { header: 'Created On', value: (r) => r.createdAt },
];

const LIST_DOC =
  'Filters: `email` (start of the address), `from_date`/`to_date` (UTC days, both included; the back office sends ' +
  'one month ago as From), `customerSource` (All, Offline, Online), `purchasedDevices` (exactly this many unexpired ' +
  'seats), `countryCode` (dial code), `product` (PD, PC, UB, KM, POB: customers who have or had seats of that app; ' +
  'the seat columns and seat filters then count that app only), `showUnusedLicense` (more seats than devices), ' +
  '`resellerStatus` (Requested, Approved). Seat counts come from the licence summary. Keyset-paged newest first; ' +
  '`total` capped at 10,000. `oldPortalUsers` lists the legacy portal users matching the email. ' +
  '`isExportData=true` answers `customers.csv`.';

/** The back office's customers and offline sales (spec 3 §7 Customers, payments/create … delete/device). */
export const staffCustomerRoutes = (ctx: AppContext) =>
  staffAreaRoutes(ctx, ['Back office: customers'], (route) => {
    route(
      staffApi.customerList,
      { summary: 'Customers with their seats', description: LIST_DOC },
      async (req, reply) => {
        if (req.query.isExportData) {
          return sendCsv(reply, {
            fileName: 'customers.csv',
            columns: CUSTOMER_COLUMNS,
            rows: customers.customerExportRows(ctx, req.query),
          });
        }
        return { respones_msg: 'Customer list', ...(await customers.customerList(ctx, req.query)) };
      },
    );
    route(
      staffApi.customerCreate,
      {
        summary: 'Create an offline customer (email verified, no Buy Plan in the console)',
        description:
          'The customer gets a welcome email with a link to set their own password (the reset-password page; valid ' +
          '7 days, works once). `password` is optional: without one the account opens once they set theirs.',
      },
      async (req) => ({
        respones_msg: 'Customer created.',
        data: await customers.createCustomer(ctx, staffActorOf(req), req.body),
      }),
    );
    route(
      staffApi.customerUpdate,
      { summary: "Edit a customer's name and password (a new password ends the customer's sessions)" },
      async (req) => ({
        respones_msg: 'Customer updated.',
        data: await customers.updateCustomer(ctx, staffActorOf(req), req.body),
      }),
    );
    route(
      staffApi.customerDetail,
      { summary: "A customer with their payments (paged), the active prices and the customer's seat totals" },
      async (req) => {
        const data = await customers.customerDetail(ctx, req.query);
        return { respones_msg: 'Customer detail', data, ...data };
      },
    );
    route(
      staffApi.resellerApprove,
      { summary: "Approve a customer's reseller request: issues the reseller's personal coupon (idempotent)" },
      async (req) => ({
        respones_msg: 'Reseller approved.',
        data: await customers.approveResellerRequest(ctx, staffActorOf(req), req.body.customerId),
      }),
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
      async (req) => ({
        respones_msg: 'Offline payment recorded.',
        data: await customers.createOfflinePayment(ctx, actorWithEmail(req), req.body, idempotencyKeyOf(req)),
      }),
    );
    route(staffApi.subscriptionDetail, { summary: "The customer's unexpired seats on a plan" }, async (req) => {
      const data = await customers.subscriptionSeats(ctx, req.query);
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
      async (req) => ({
        respones_msg: 'Licences updated.',
        data: await customers.updatePaymentSeats(ctx, actorWithEmail(req), req.body),
      }),
    );
    route(
      staffApi.deviceByProduct,
      { summary: "The customer's enrolled devices of a product's family (newest first, at most 500)" },
      async (req) => ({ respones_msg: 'Enrolled devices', ...(await customers.devicesByProduct(ctx, req.query)) }),
    );
    route(
      staffApi.deleteDevice,
      { summary: 'Log a device out (its token stops working, the device is told, the seat is freed)' },
      async (req) => ({
        respones_msg: (await customers.deleteDevice(ctx, staffActorOf(req), req.query.id))
          ? 'Device logged out.'
          : 'This device was already logged out.',
      }),
    );
  });
