/**
 * The endpoint table of the customer console and the device API: one namespace per area, one entry per call.
 * `usersApi.login` is the login call everywhere (server route, web client, tests). Staff calls live in the
 * separate entry `@fleetdeck/contract/staff`, which the customer app never imports.
 */
export * as usersApi from './users.ts';
export * as plansApi from './plans.ts';
export * as licencesApi from './licences.ts';
export * as paymentsApi from './payments.ts';
export * as captchaApi from './captcha.ts';
export * as sandboxApi from './sandbox.ts';
export * as webhooksApi from './webhooks.ts';
export * as devicesApi from './devices.ts';
export * as policyApi from './policy.ts';
export * as profilesApi from './profiles.ts';
export * as activityApi from './activity.ts';
export * as chatApi from './chat.ts';
export * as qrApi from './qr.ts';
export * as healthApi from './health.ts';
export * as publicApi from './public.ts';
export * as fleetApi from './fleet.ts';
export * as commandsApi from './commands.ts';
export * as teamApi from './team.ts';
export * as apiKeysApi from './api-keys.ts';
export * as webhookEndpointsApi from './webhook-endpoints.ts';
