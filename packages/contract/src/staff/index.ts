/**
 * `@fleetdeck/contract/staff`: the back office's schemas and endpoint table (spec 3), one file per area of
 * `STAFF_AREAS` (`<area>.ts`: schemas and endpoints together). Only the API and the back-office entry of the web
 * build import it; the customer app never does.
 */
export * from './areas.ts';
export * from './lists.ts';
export * as staffApi from './endpoints.ts';
export { staffEndpoint, type StaffEndpoint } from './staff-endpoint.ts';
export * from './account.ts';
export * from './audit-logs.ts';
export * from './bloatware.ts';
export * from './blogs.ts';
export * from './contact-us.ts';
export * from './coupons.ts';
export * from './customer-payments.ts';
export * from './customers.ts';
export * from './dashboard.ts';
export * from './devices.ts';
export * from './exports.ts';
export * from './faq.ts';
export * from './login-as.ts';
export * from './newsletters.ts';
export * from './notifications.ts';
export * from './page-views.ts';
export * from './payment-dashboard.ts';
export * from './payment-errors.ts';
export * from './payment-history.ts';
export * from './power-chat-users.ts';
export * from './pricing.ts';
export {
  type ContentPageQuery,
  type CustomerPayment,
  PAYMENT_SUBSCRIPTION_TYPES,
  type StaffPaymentRow,
  contentPageQuerySchema,
  customerPaymentSchema,
  idListQuerySchema,
  loginBarSchema,
  staffPaymentRowSchema,
  timeZoneSchema,
} from './shared/schemas.ts';
export * from './staff.ts';
export * from './upcoming-expire.ts';
export * from './videos.ts';
