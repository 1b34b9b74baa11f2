import { staffApi } from '@fleetdeck/contract/staff';
import type { AppContext } from '../../../context.ts';
import { answer } from '../../../lib/area-routes.ts';
import { type CsvColumn, sendCsv } from '../../../lib/csv-export.ts';
import { staffActorOf, staffAreaRoutes } from '../guard.ts';
import type { CustomerListRow } from './repository.ts';
import * as customers from './service.ts';

/** `customers.csv`: the list's columns, in its order (spec 3 §9: fixed names and headers). */
const CUSTOMER_COLUMNS: CsvColumn<CustomerListRow>[] = [
  { header: 'Email', value: (r) => r.email },
  { header: 'Name', value: (r) => r.name },
  { header: 'Phone Number', value: (r) => customers.customerRowOf(r).formattedPhoneNumber },
  { header: 'Active Licence', value: (r) => r.purchased },
  { header: 'Active Used Licence', value: (r) => r.used },
  { header: 'Expired Licence', value: (r) => r.expired },
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

/** The back office's customers page (spec 3; DECISIONS §8). */
export const staffCustomersRoutes = (ctx: AppContext) =>
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
      answer('Customer created.', (req) => customers.createCustomer(ctx, staffActorOf(req), req.body)),
    );

    route(
      staffApi.customerUpdate,
      {
        summary: "Edit a customer's name and password",
        description:
          'Only a SuperAdmin may set `password` (others: 403 `E_FORBIDDEN`, use `customers/sendResetLink`): the ' +
          'customer is emailed, every session and pending reset link of theirs ends, and the audit names the staff member.',
      },
      answer('Customer updated.', (req) => customers.updateCustomer(ctx, staffActorOf(req), req.body)),
    );

    route(
      staffApi.customerSendResetLink,
      { summary: "Email the customer a password reset link (the customer's own reset flow)" },
      async (req) => {
        const email = await customers.sendCustomerResetLink(ctx, staffActorOf(req), req.body.customerId);
        return { respones_msg: `A password reset link has been sent to ${email}.` };
      },
    );

    route(
      staffApi.customerDisable,
      {
        summary: 'Disable or enable a customer',
        description:
          "Disabling ends every session of the customer and revokes their devices' tokens at once; a disabled " +
          'customer cannot sign in or enrol devices. Enabling lets them sign in again (devices enrol again).',
      },
      async (req) => ({
        respones_msg: req.body.disabled ? 'Customer disabled.' : 'Customer enabled.',
        data: await customers.setCustomerDisabled(ctx, staffActorOf(req), req.body.customerId, req.body.disabled),
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
  });
