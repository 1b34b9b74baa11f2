import { MAX_PROFILE_LIST_ENTRIES, ONLINE_WINDOW_MINUTES, profilesApi } from '@fleetdeck/contract';
import type { AppContext } from '../../context.ts';
import { answer, areaRoutes, type EndpointRequest } from '../../lib/area-routes.ts';
import { fromQueryOrBody } from '../../lib/query-or-body.ts';
import { customerActorOf, deviceScopeOf, requireMember, sessionOf } from '../../plugins/auth.ts';
import * as lists from './application-lists.ts';
import * as deviceApps from './device-applications.ts';
import { iconSvg } from './playstore/icon.ts';
import { catalogueApps } from './playstore/local.ts';
import { createPlayStoreProvider } from './playstore/provider.ts';
import * as reads from './reads.ts';
import * as edits from './setting-edits.ts';

const LICENCE =
  "While the profile's app family has more enrolled devices than purchased licences the answer is 402 " +
  '`E_PAYMENT_REQUIRED` with `redirectToPaymentPage: 1`.';
const SCOPE = 'A profile of another customer answers 404 `E_PROFILE_NOT_FOUND`.';
const FAMILY =
  "A call for a tab the profile's app does not have (e.g. key mapping on a {product} profile) answers 400 naming the call.";
const APPLY = 'The device gets the change with the next Apply (`profile/apply`).';
const EDIT = `${APPLY} ${SCOPE} ${FAMILY} ${LICENCE}`;

/** `profileId` and the entry `id` of a DELETE-like call, from the query string or the JSON body. */
const entryRefOf = (req: EndpointRequest<typeof profilesApi.applicationDelete>) =>
  fromQueryOrBody(req.query, req.body, ['profileId', 'id']);

/**
 * The customer's profile calls of spec 2 §7 (`profilesApi`, `profile/*` under /api/v1/admin) and the Play Store
 * search of the application lists.
 */
export const profileRoutes = (ctx: AppContext) =>
  areaRoutes({ tags: ['Customer devices'], guardFor: requireMember(ctx) }, (route) => {
    const playStore = createPlayStoreProvider(ctx);

    route(
      profilesApi.detail,
      {
        summary: "A profile's settings and delivery state",
        description:
          'Every field of spec 2 "Profile", unset ones with their default. `policyVersion` moves on each Apply; ' +
          '`appliedPolicyVersion` is the version the device last acknowledged; `hasUnappliedChanges` is true while ' +
          'the settings or the app choices differ from what the last Apply sent. `online`: the device was seen within ' +
          `the last ${ONLINE_WINDOW_MINUTES} minutes. ${SCOPE}`,
      },
      answer('Profile detail', (req) => reads.profileDetail(ctx, deviceScopeOf(req), req.query.profileId)),
    );

    route(
      profilesApi.deviceDetail,
      {
        summary: "The profile's device and its applications",
        description:
          'The device facts and the applications it last reported, sorted by app name. Filters: `packageName` ' +
          '(text in the package or app name), `applicationStatus` (Enabled/Disabled as reported), ' +
          '`applicationInstallStatus` (Installed/Uninstalled), `showSystemApp` (default false: system apps, ' +
          "`application_type` 1, are hidden). `desired_disable` is the console's choice the device has not carried " +
          `out yet. \`applicationsTotal\` counts every reported app. ${SCOPE}`,
      },
      answer('Device detail', (req) => reads.deviceDetail(ctx, deviceScopeOf(req), req.query)),
    );

    route(
      profilesApi.applicationSync,
      {
        summary: 'Ask the device for a fresh application list',
        description:
          'Queues a `sync_applications` command for the device (handed out by its long-poll `GET events`) and wakes ' +
          'it; the device answers by sending its inventory (`PUT applications`). A request the device has not picked ' +
          `up yet is not queued twice (\`requestedAt\` is then its time). ${SCOPE} ${FAMILY} ${LICENCE}`,
      },
      answer('The device was asked for its application list. It appears here once the device sends it.', (req) =>
        deviceApps.requestApplicationSync(ctx, customerActorOf(req), req.query.profileId),
      ),
    );

    route(
      profilesApi.applications,
      {
        summary: "One of the profile's application lists",
        description:
          "No `productType`: Power Cleaner's uninstall/clear list; `Super Lock`: Super Lock's Cleaner Apps; `Kiosk`: " +
          `Super Lock's Multi App kiosk list. Oldest entry first. ${SCOPE} ${FAMILY}`,
      },
      answer('Profile applications', (req) => reads.profileApplications(ctx, deviceScopeOf(req), req.query)),
    );

    route(
      profilesApi.update,
      {
        summary: 'Set the pin, advanced settings and/or block file URL',
        description:
          'Send any of `pin` (4 to 12 digits, "" for none), `advancedSettings` (only the 19 switches; the ones not ' +
          'sent keep their value) and `blockFileUrl` (an http(s) URL, "" for none). Answers the updated profile. ' +
          EDIT,
      },
      answer('Profile updated.', (req) => edits.updateProfile(ctx, customerActorOf(req), req.body)),
    );

    route(
      profilesApi.deviceApplicationUpdate,
      {
        summary: 'Enable or disable one application of the device',
        description:
          'Records the choice for a package the device reported (404 `E_NOT_FOUND` otherwise) and answers the app ' +
          `with its pending \`desired_disable\`. ${EDIT}`,
      },
      async (req) => ({
        respones_msg: req.body.app_disable
          ? 'The application will be disabled when you apply the profile.'
          : 'The application will be enabled when you apply the profile.',
        data: await deviceApps.updateDeviceApplication(ctx, customerActorOf(req), req.body),
      }),
    );

    const listRules =
      `The same package twice in one list answers 409 \`E_CONFLICT\`; a list holds at most ${MAX_PROFILE_LIST_ENTRIES} ` +
      'entries. Answers the list the entry is in, as it is now.';

    route(
      profilesApi.applicationCreate,
      {
        summary: 'Add an application to an uninstall/clear list or the kiosk list',
        description:
          "No `productType`: Power Cleaner's list; `Super Lock`: Super Lock's Cleaner Apps; `Kiosk`: Super Lock's " +
          `Multi App kiosk. \`status\`: Uninstall or Clear Data. ${listRules} ${EDIT}`,
      },
      answer('Application added.', (req) => lists.createProfileApplication(ctx, customerActorOf(req), req.body)),
    );

    route(
      profilesApi.applicationUpdate,
      {
        summary: "Change an application list entry's action",
        description:
          'Sets `status` (Uninstall or Clear Data) of the entry of `appPackageName` in the list of `productType` ' +
          `(404 \`E_NOT_FOUND\` when it is not there). Answers the list. ${EDIT}`,
      },
      answer('Application updated.', (req) => lists.updateProfileApplication(ctx, customerActorOf(req), req.body)),
    );

    route(
      profilesApi.applicationDelete,
      {
        summary: 'Remove an application from its list',
        description:
          '`profileId` and the entry `id`, in the query string or a JSON body. An unknown id answers 404 `E_NOT_FOUND`; ' +
          'the last app of a Multi App kiosk cannot be removed while that kiosk type is chosen (409 `E_CONFLICT`). ' +
          `Answers the list the entry was in. ${EDIT}`,
      },
      answer('Application removed.', (req) =>
        lists.deleteProfileApplication(ctx, customerActorOf(req), entryRefOf(req)),
      ),
    );

    route(
      profilesApi.fileAdd,
      {
        summary: 'Add a file path',
        description:
          'An absolute path on the device (no `..`); the same path twice answers 409 `E_CONFLICT`. Answers the ' +
          `updated profile. ${EDIT}`,
      },
      answer('File added.', (req) => edits.addFile(ctx, customerActorOf(req), req.body)),
    );

    route(
      profilesApi.fileDelete,
      {
        summary: 'Remove a file path',
        description: `A path not in the list answers 404 \`E_NOT_FOUND\`. Answers the updated profile. ${EDIT}`,
      },
      answer('File removed.', (req) => edits.deleteFile(ctx, customerActorOf(req), req.body)),
    );

    route(
      profilesApi.blockUrlAdd,
      {
        summary: 'Block a URL',
        description:
          'An http(s) URL; one already blocked (compared as browsers read URLs) answers 409 `E_CONFLICT`. Answers the ' +
          `updated profile. ${EDIT}`,
      },
      answer('URL blocked.', (req) => edits.addBlockUrl(ctx, customerActorOf(req), req.body)),
    );

    route(
      profilesApi.blockUrlDelete,
      {
        summary: 'Unblock a URL',
        description: `A URL not in the list answers 404 \`E_NOT_FOUND\`. Answers the updated profile. ${EDIT}`,
      },
      answer('URL unblocked.', (req) => edits.deleteBlockUrl(ctx, customerActorOf(req), req.body)),
    );

    route(
      profilesApi.keyMapperAdd,
      {
        summary: 'Map a key event to an app',
        description:
          'A key (BACK_KEY, RECENT_KEY, HOME_KEY, VOLUME_UP_KEY, VOLUME_DOWN_KEY, POWER_KEY) and an event (SINGLE_TAP, ' +
          'DOUBLE_TAP, LONG_PRESS) open `packageName`; a key and event already mapped answers 409 `E_CONFLICT`. ' +
          `Answers the updated profile. ${EDIT}`,
      },
      answer('Key mapping added.', (req) => edits.addKeyMapping(ctx, customerActorOf(req), req.body)),
    );

    for (const endpoint of [profilesApi.keyMapperDelete, profilesApi.keyMapperDeleteByDelete]) {
      route(
        endpoint,
        {
          summary: 'Remove a key mapping',
          description:
            '`profileId` and the mapping `id`, in a JSON body or the query string (POST as the spec has it; DELETE works ' +
            `too). An unknown id answers 404 \`E_NOT_FOUND\`. Answers the updated profile. ${EDIT}`,
        },
        answer('Key mapping removed.', (req) => edits.deleteKeyMapping(ctx, customerActorOf(req), entryRefOf(req))),
      );
    }

    route(
      profilesApi.powerCleanerSetting,
      {
        summary: 'Set the cleaner switches',
        description:
          '`powerCleanerSettings` with any of clearBrowserCoockies, clearCache, clearNotifications, clearRecentApps, ' +
          `clearcallLogs (booleans; the ones not sent keep their value). Answers the updated profile. ${EDIT}`,
      },
      answer('Cleaner settings saved.', (req) => edits.updatePowerCleanerSettings(ctx, customerActorOf(req), req.body)),
    );

    route(
      profilesApi.powerOnBootSetting,
      {
        summary: 'Set power on boot and the scheduled shutdown',
        description:
          '`enablePowerOnBoot`, `shutdownOnDisconnect` and `scheduleShutdown` (null: none; `Daily` at `scheduleTime` ' +
          'HH:MM, or `Weekly` on at least one of `days`; days sent with Daily are dropped). Answers the updated profile. ' +
          EDIT,
      },
      answer('Power on boot settings saved.', (req) =>
        edits.updatePowerOnBootSettings(ctx, customerActorOf(req), req.body),
      ),
    );

    route(
      profilesApi.kioskSetting,
      {
        summary: 'Set the kiosk mode',
        description:
          '`kioskType` None, Single App (needs `singleAppKioskPackageName`), Multi App (needs at least one app in the ' +
          '`Kiosk` list, else 400 naming kioskType), Browser (needs `browserKioskWebsiteUrl`) or Signage (needs a video ' +
          'URL; blank ones are dropped). Brightness 0 to 255, timeouts in whole seconds. Fields of the other types ' +
          "that are sent are kept for later, except their orientation (only the chosen type's is taken). Answers the " +
          `updated profile. ${EDIT}`,
      },
      answer('Kiosk settings saved.', (req) => edits.updateKioskSettings(ctx, customerActorOf(req), req.body)),
    );

    route(
      profilesApi.playStoreSearch,
      {
        summary: 'Search apps to add to an application list',
        description:
          'At most 20 apps whose name or package contains `app_name` (case-insensitive), best first (names starting ' +
          'with it, then packages starting with it, then the rest). Looks at the apps your devices reported and a ' +
          'catalogue of common Android and Samsung apps, or at Google Play when the server is configured for it ' +
          '(`PLAYSTORE_PROVIDER=google-play-scraper`).',
      },
      async (req) => {
        const found = await playStore.search(sessionOf(req).subjectId, req.query.app_name);
        return { respones_msg: found.length > 0 ? 'Apps found' : 'No apps found.', data: found };
      },
    );

    route(
      profilesApi.playStoreIcon,
      {
        summary: 'Icon of an app of the local Play Store catalogue (SVG; no session: <img> loads it)',
        public: true,
      },
      async (req, reply) => {
        const appId = req.params.file.replace(/\.svg$/, '');
        const title = catalogueApps().get(appId)?.title ?? '';
        return reply
          .header('content-type', 'image/svg+xml; charset=utf-8')
          .header('cache-control', 'public, max-age=86400')
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(iconSvg(appId, title));
      },
    );
  });
