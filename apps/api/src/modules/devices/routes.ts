import {
  LIST_COUNT_CAP,
  MAX_INVENTORY_APPS,
  MAX_LOG_BATCH,
  ONLINE_WINDOW_MINUTES,
  devicesApi,
} from '@fleetdeck/contract';
import type { AppContext } from '../../context.ts';
import { answer, areaRoutes } from '../../lib/area-routes.ts';
import { customerActorOf, deviceScopeOf, requireMember } from '../../plugins/auth.ts';
import { DEVICE_API_TAGS, deviceActorOf, deviceOf, requireDevice } from '../../plugins/device-auth.ts';
import * as devices from './service.ts';
import { DEVICE_WRITE_LIMITS, INVENTORY_ROWS_PER_DEVICE, MAX_EXPORTS_PER_DEVICE } from './service.ts';

const DEVICE_AUTH =
  'Authenticated with `authorization: Device <deviceToken>` (from `enrol`). A token of a logged-out device answers ' +
  '401 `E_DEVICE_LOGGED_OUT`, an unknown one 401 `E_DEVICE_TOKEN_INVALID` (both with `is_logout: 1`: enrol again). ' +
  'Every call marks the device as seen (online = seen within the last ' +
  `${ONLINE_WINDOW_MINUTES} minutes).`;

/** The device API (DECISIONS §6): enrolment, state, inventory, logs and exports (`devicesApi`). */
export const deviceApiRoutes = (ctx: AppContext) =>
  areaRoutes({ tags: DEVICE_API_TAGS, guard: requireDevice(ctx), security: 'token' }, (route) => {
    route(
      devicesApi.enrol,
      {
        summary: 'Enrol a device with the enrolment token of the login QR code',
        description:
          'The app scans the login QR code of the console (`<PUBLIC_URL>/enrol?token=<enrolmentToken>`), takes `token` ' +
          'and calls this with the device facts. No session: the enrolment token is the credential. `appName` is the ' +
          'app enrolling: a plan code (PD, PDOT, PDOW, PDOWOT, SL, SLOT, PC, PCOT, UB, UBOT, KM, KMOT, POB, POBOT) or a ' +
          'family code. A new serial number takes one free seat of the app family: with none left the answer is 402 ' +
          '`E_NO_LICENCE` with `redirectToPaymentPage: 1`. A serial number already enrolled for that family re-attaches ' +
          '(no new seat, unless it was logged out) and gets a new device token; its previous token stops working. While ' +
          'it is still enrolled (not logged out) the call must carry its current credential, ' +
          '`authorization: Device <deviceToken>`; without it the answer is 409 `E_DEVICE_ACTIVE` and the customer is ' +
          'told (audit entry and email). After a logout the enrolment token alone is enough. A ' +
          'rotated or unknown enrolment token answers 401 `E_ENROLMENT_TOKEN_INVALID` (scan the current QR code). ' +
          'Keep `deviceToken` secret and send it as `authorization: Device <deviceToken>` on every other device call. ' +
          'Rate limited per IP address (429 `E_RATE_LIMITED` with `retry-after`).',
        public: true,
      },
      (req) => devices.enrol(ctx, req.body, req.ip, req.headers.authorization),
    );

    route(
      devicesApi.status,
      {
        summary: 'Report the device state (battery, IP, location, app version…)',
        description:
          'Send only the fields that changed; absent fields keep their stored value, `location: null` clears the ' +
          'location. Call it when the state changes and at least every few minutes so the console shows the device ' +
          `online. ${DEVICE_AUTH}`,
      },
      async (req) => {
        await devices.reportStatus(ctx, deviceOf(req), req.body);
        return { respones_msg: 'Status received.' };
      },
    );

    route(
      devicesApi.applications,
      {
        summary: 'Replace the application inventory of the device',
        description:
          `The full list of installed applications (at most ${MAX_INVENTORY_APPS}); it replaces the stored one: ` +
          "packages not sent are removed, the console's enable/disable choice of a package sent again is kept. " +
          '`application_type` 1 marks a system app. Answers how many packages are stored and how many were removed. ' +
          `At most ${DEVICE_WRITE_LIMITS.applications.max} uploads an hour per device (429 \`E_RATE_LIMITED\`); the ` +
          `customer's devices together store at most max(${MAX_INVENTORY_APPS}, ${INVENTORY_ROWS_PER_DEVICE} × ` +
          'enrolled devices) packages (409 `E_QUOTA_EXCEEDED`). ' +
          DEVICE_AUTH,
      },
      answer('Applications received.', (req) => devices.replaceApplications(ctx, deviceOf(req), req.body.applications)),
    );

    route(
      devicesApi.logs,
      {
        summary: 'Append device activity rows to the device log',
        description:
          `A batch of 1 to ${MAX_LOG_BATCH} rows (deviceActivity, activityResult, optional ISO-8601 created_at; ` +
          'a time up to an hour ahead is stored as now, one more than 31 days old or further ahead answers 400). They ' +
          "appear in the console's Device Logs with the device's serial number and name. At most " +
          `${DEVICE_WRITE_LIMITS.logs.max} uploads a minute per device (429 \`E_RATE_LIMITED\`). ${DEVICE_AUTH}`,
      },
      async (req) => ({
        respones_msg: 'Logs received.',
        data: { received: await devices.appendLogs(ctx, deviceOf(req), req.body.logs) },
      }),
    );

    route(
      devicesApi.createExport,
      {
        summary: 'Upload a backup (export) of the disabled applications',
        description:
          'Stores a named list of the package names disabled on this device; the customer sees it in the Export ' +
          'List and can restore it onto another device. Answers the export id. At most ' +
          `${DEVICE_WRITE_LIMITS.exports.max} uploads an hour (429 \`E_RATE_LIMITED\`) and ${MAX_EXPORTS_PER_DEVICE} ` +
          `stored exports per device (409 \`E_QUOTA_EXCEEDED\`). ${DEVICE_AUTH}`,
      },
      async (req) => ({
        respones_msg: 'Export saved.',
        data: { _id: await devices.createExport(ctx, deviceOf(req), req.body, deviceActorOf(req)) },
      }),
    );
  });

/** The customer's device calls (spec 2 §7): the profile list and a device's logout. */
export const customerDeviceRoutes = (ctx: AppContext) =>
  areaRoutes({ tags: ['Customer devices'], guardFor: requireMember(ctx) }, (route) => {
    route(
      devicesApi.profileList,
      {
        summary: 'List the profiles of the enrolled devices',
        description:
          'One profile per enrolled device and app (`name` = serial number, `profileName` = device name); logged-out ' +
          'devices are not listed. `appName` filters: a family code (PD, SL…) matches all its plan codes (PD and ' +
          'PDOT), a one-time code (PDOT…) only itself, `PDALL` every app of the main family (PD, PDOT, PDOW, PDOWOT); an ' +
          'unknown name matches nothing. Sort by `name` or `created_at` (default, ascending); page size 5, 10, 25 ' +
          `(default) or 50. \`online\` means seen within the last ${ONLINE_WINDOW_MINUTES} minutes. ` +
          `\`pagination.total\` counts at most ${LIST_COUNT_CAP} devices (\`totalCapped: true\` when there are more).`,
      },
      async (req) => {
        const q = req.query;
        const { items, total, totalCapped } = await devices.profileList(ctx, deviceScopeOf(req), q);
        return {
          respones_msg: 'Profile list',
          data: items,
          pagination: { page: q.page, limit: q.limit, total, totalCapped },
        };
      },
    );

    route(
      devicesApi.logout,
      {
        summary: 'Log out a device (frees its licence seat)',
        description:
          'Logs out every app of the device with this serial number (or only the app family of `appName`): its seat ' +
          "is free at once and the device's next call answers 401 `E_DEVICE_LOGGED_OUT`; the app must enrol again. " +
          'Answers how many were logged out (0 when they already were). Unknown serial number: 404.',
      },
      async (req) => {
        const ids = await devices.logoutDevice(ctx, customerActorOf(req), req.query);
        // Refused here at once; a sleeping app hears of its logout (its next call answers E_DEVICE_LOGGED_OUT).
        await devices.afterLogout(ctx, ids);
        return {
          respones_msg: ids.length > 0 ? 'Device logged out successfully.' : 'This device is already logged out.',
          data: { loggedOut: ids.length },
        };
      },
    );
  });
