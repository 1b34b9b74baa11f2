/**
 * `@fleetdeck/contract/staff`: the back office's schemas and endpoint table (spec 3). Only the API and the back-office
 * entry of the web build import it; the customer app never does.
 */
export * from './areas.ts';
export * from './session.ts';
export * from './accounts.ts';
export * from './dashboard.ts';
export * from './lists.ts';
export * from './customers.ts';
export * from './ops.ts';
export * from './payment-dashboard.ts';
export * as staffApi from './endpoints.ts';
export { staffEndpoint, type StaffEndpoint } from './staff-endpoint.ts';
export * from './refunds.ts';
export * from './content.ts';
export * from './payment-lists.ts';
export * from './coupons.ts';
export * from './pricing.ts';
export * from './currency.ts';
export * from './apk.ts';
