import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  MAX_PROFILE_LIST_ENTRIES,
  ONLINE_WINDOW_MINUTES,
  applicationSyncResponseSchema,
  deviceApplicationItemSchema,
  deviceApplicationUpdateRequestSchema,
  deviceDetailQuerySchema,
  deviceDetailResponseSchema,
  keyMapperAddRequestSchema,
  kioskSettingRequestSchema,
  playStoreSearchQuerySchema,
  playStoreSearchResponseSchema,
  powerCleanerSettingRequestSchema,
  powerOnBootSettingRequestSchema,
  profileApplicationCreateRequestSchema,
  profileApplicationUpdateRequestSchema,
  profileApplicationsQuerySchema,
  profileApplicationsResponseSchema,
  profileBlockUrlRequestSchema,
  profileDetailResponseSchema,
  profileEntryDeleteRequestSchema,
  profileFileRequestSchema,
  profileIdQuerySchema,
  profileUpdateRequestSchema,
  withData,
} from '@fleetdeck/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { replies } from '../../lib/route-schema.ts';
import { metaOf, requireSession, sessionOf } from '../../plugins/auth.ts';
import { ICON_PATH, iconSvg } from './playstore/icon.ts';
import { catalogueApps } from './playstore/local.ts';
import { createPlayStoreProvider } from './playstore/provider.ts';
import * as profiles from './service.ts';

const A = '/api/v1/admin';

/** `profile/device/application/update` answers the app as the Applications tab shows it after the change. */
const deviceApplicationUpdateResponseSchema = withData(deviceApplicationItemSchema);

/** `DELETE profile/application/delete` and `profile/keyMapper/delete`: profileId and id in the query or the body. */
const entryRefQuerySchema = z.partial(profileEntryDeleteRequestSchema);
// A DELETE without a body reaches validation as null.
const entryRefBodySchema = z.optional(z.nullable(z.partial(profileEntryDeleteRequestSchema)));

function entryRefOf(query: unknown, body: unknown) {
  const merged = { ...(body && typeof body === 'object' ? body : {}), ...(query as object) };
  const parsed = profileEntryDeleteRequestSchema.safeParse(merged);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.join('.') || 'body';
  const message = issue.input === undefined ? 'is required (in the query string or the JSON body)' : issue.message;
  throw new AppError(400, 'E_VALIDATION', `${field}: ${message}`, {
    errors: parsed.error.issues.map((i) => ({ field: i.path.join('.') || 'body', message: i.message })),
  });
}

const iconParamsSchema = z.object({
  file: z
    .string()
    .check(
      z.regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+\.svg$/, { error: 'must be <package name>.svg' }),
      z.maxLength(260, { error: 'must be <package name>.svg' }),
    ),
});

const LICENCE =
  "While the profile's app family has more enrolled devices than purchased licences the answer is 402 " +
  '`E_PAYMENT_REQUIRED` with `redirectToPaymentPage: 1`.';
const SCOPE = 'A profile of another customer answers 404 `E_PROFILE_NOT_FOUND`.';
const FAMILY =
  "A call for a tab the profile's app does not have (e.g. key mapping on a {product} profile) answers 400 naming the call.";
const APPLY = 'The device gets the change with the next Apply (`profile/apply`).';

/**
 * The customer's profile calls of spec 2 §7 (`profile/*` under /api/v1/admin) and the Play Store search of the
 * application lists. Registered without prefix: full paths.
 */
export const profileRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const customer = requireSession(ctx, 'customer');
    const tags = ['Customer devices'];
    const security = [{ token: [] }];
    const playStore = createPlayStoreProvider(ctx);

    app.get(
      `${A}/profile/detail`,
      {
        preHandler: customer,
        schema: {
          tags,
          summary: "A profile's settings and delivery state",
          description:
            'Every field of spec 2 "Profile", unset ones with their default. `policyVersion` moves on each Apply; ' +
            '`appliedPolicyVersion` is the version the device last acknowledged; `hasUnappliedChanges` is true while ' +
            'the settings or the app choices differ from what the last Apply sent. `online`: the device was seen within ' +
            `the last ${ONLINE_WINDOW_MINUTES} minutes. ${SCOPE}`,
          security,
          querystring: profileIdQuerySchema,
          response: replies(profileDetailResponseSchema),
        },
      },
      async (req) => ({
        respones_msg: 'Profile detail',
        data: await profiles.profileDetail(ctx, sessionOf(req).subjectId, req.query.profileId),
      }),
    );

    app.get(
      `${A}/profile/device/detail`,
      {
        preHandler: customer,
        schema: {
          tags,
          summary: "The profile's device and its applications",
          description:
            'The device facts and the applications it last reported, sorted by app name. Filters: `packageName` ' +
            '(text in the package or app name), `applicationStatus` (Enabled/Disabled as reported), ' +
            '`applicationInstallStatus` (Installed/Uninstalled), `showSystemApp` (default false: system apps, ' +
            "`application_type` 1, are hidden). `desired_disable` is the console's choice the device has not carried " +
            `out yet. \`applicationsTotal\` counts every reported app. ${SCOPE}`,
          security,
          querystring: deviceDetailQuerySchema,
          response: replies(deviceDetailResponseSchema),
        },
      },
      async (req) => ({
        respones_msg: 'Device detail',
        data: await profiles.deviceDetail(ctx, sessionOf(req).subjectId, req.query),
      }),
    );

    app.get(
      `${A}/profile/device/application/sync`,
      {
        preHandler: customer,
        schema: {
          tags,
          summary: 'Ask the device for a fresh application list',
          description:
            'Queues a `sync_applications` command for the device (handed out by its long-poll `GET events`) and wakes ' +
            'it; the device answers by sending its inventory (`PUT applications`). A request the device has not picked ' +
            `up yet is not queued twice (\`requestedAt\` is then its time). ${SCOPE} ${FAMILY} ${LICENCE}`,
          security,
          querystring: profileIdQuerySchema,
          response: replies(applicationSyncResponseSchema),
        },
      },
      async (req) => ({
        respones_msg: 'The device was asked for its application list. It appears here once the device sends it.',
        data: await profiles.requestApplicationSync(ctx, sessionOf(req).subjectId, req.query.profileId, metaOf(req).ip),
      }),
    );

    app.get(
      `${A}/profile/applications`,
      {
        preHandler: customer,
        schema: {
          tags,
          summary: "One of the profile's application lists",
          description:
            "No `productType`: Power Cleaner's uninstall/clear list; `Super Lock`: Super Lock's Cleaner Apps; `Kiosk`: " +
            `Super Lock's Multi App kiosk list. Oldest entry first. ${SCOPE} ${FAMILY}`,
          security,
          querystring: profileApplicationsQuerySchema,
          response: replies(profileApplicationsResponseSchema),
        },
      },
      async (req) => ({
        respones_msg: 'Profile applications',
        data: await profiles.profileApplications(ctx, sessionOf(req).subjectId, req.query),
      }),
    );

    app.post(
      `${A}/profile/update`,
      {
        preHandler: customer,
        schema: {
          tags,
          summary: 'Set the pin, advanced settings and/or block file URL',
          description:
            'Send any of `pin` (4 to 12 digits, "" for none), `advancedSettings` (only the 19 switches; the ones not ' +
            'sent keep their value) and `blockFileUrl` (an http(s) URL, "" for none). Answers the updated profile. ' +
            `${APPLY} ${SCOPE} ${FAMILY} ${LICENCE}`,
          security,
          body: profileUpdateRequestSchema,
          response: replies(profileDetailResponseSchema),
        },
      },
      async (req) => ({
        respones_msg: 'Profile updated.',
        data: await profiles.updateProfile(ctx, sessionOf(req).subjectId, req.body, metaOf(req).ip),
      }),
    );

    app.post(
      `${A}/profile/device/application/update`,
      {
        preHandler: customer,
        schema: {
          tags,
          summary: 'Enable or disable one application of the device',
          description:
            'Records the choice for a package the device reported (404 `E_NOT_FOUND` otherwise) and answers the app ' +
            `with its pending \`desired_disable\`. ${APPLY} ${SCOPE} ${FAMILY} ${LICENCE}`,
          security,
          body: deviceApplicationUpdateRequestSchema,
          response: replies(deviceApplicationUpdateResponseSchema),
        },
      },
      async (req) => ({
        respones_msg: req.body.app_disable
          ? 'The application will be disabled when you apply the profile.'
          : 'The application will be enabled when you apply the profile.',
        data: await profiles.updateDeviceApplication(ctx, sessionOf(req).subjectId, req.body, metaOf(req).ip),
      }),
    );

    const listRules =
      `The same package twice in one list answers 409 \`E_CONFLICT\`; a list holds at most ${MAX_PROFILE_LIST_ENTRIES} ` +
      'entries. Answers the list the entry is in, as it is now.';

    app.post(
      `${A}/profile/application/create`,
      {
        preHandler: customer,
        schema: {
          tags,
          summary: 'Add an application to an uninstall/clear list or the kiosk list',
          description:
            "No `productType`: Power Cleaner's list; `Super Lock`: Super Lock's Cleaner Apps; `Kiosk`: Super Lock's " +
            `Multi App kiosk. \`status\`: Uninstall or Clear Data. ${listRules} ${APPLY} ${SCOPE} ${FAMILY} ${LICENCE}`,
          security,
          body: profileApplicationCreateRequestSchema,
          response: replies(profileApplicationsResponseSchema),
        },
      },
      async (req) => ({
        respones_msg: 'Application added.',
        data: await profiles.createProfileApplication(ctx, sessionOf(req).subjectId, req.body, metaOf(req).ip),
      }),
    );

    app.post(
      `${A}/profile/application/update`,
      {
        preHandler: customer,
        schema: {
          tags,
          summary: "Change an application list entry's action",
          description:
            'Sets `status` (Uninstall or Clear Data) of the entry of `appPackageName` in the list of `productType` ' +
            `(404 \`E_NOT_FOUND\` when it is not there). Answers the list. ${APPLY} ${SCOPE} ${FAMILY} ${LICENCE}`,
          security,
          body: profileApplicationUpdateRequestSchema,
          response: replies(profileApplicationsResponseSchema),
        },
      },
      async (req) => ({
        respones_msg: 'Application updated.',
        data: await profiles.updateProfileApplication(ctx, sessionOf(req).subjectId, req.body, metaOf(req).ip),
      }),
    );

    app.delete(
      `${A}/profile/application/delete`,
      {
        preHandler: customer,
        schema: {
          tags,
          summary: 'Remove an application from its list',
          description:
            '`profileId` and the entry `id`, in the query string or a JSON body. An unknown id answers 404 `E_NOT_FOUND`; ' +
            'the last app of a Multi App kiosk cannot be removed while that kiosk type is chosen (409 `E_CONFLICT`). ' +
            `Answers the list the entry was in. ${APPLY} ${SCOPE} ${FAMILY} ${LICENCE}`,
          security,
          querystring: entryRefQuerySchema,
          body: entryRefBodySchema,
          response: replies(profileApplicationsResponseSchema),
        },
      },
      async (req) => ({
        respones_msg: 'Application removed.',
        data: await profiles.deleteProfileApplication(
          ctx,
          sessionOf(req).subjectId,
          entryRefOf(req.query, req.body),
          metaOf(req).ip,
        ),
      }),
    );

    app.post(
      `${A}/profile/file/add`,
      {
        preHandler: customer,
        schema: {
          tags,
          summary: 'Add a file path',
          description:
            'An absolute path on the device (no `..`); the same path twice answers 409 `E_CONFLICT`. Answers the ' +
            `updated profile. ${APPLY} ${SCOPE} ${FAMILY} ${LICENCE}`,
          security,
          body: profileFileRequestSchema,
          response: replies(profileDetailResponseSchema),
        },
      },
      async (req) => ({
        respones_msg: 'File added.',
        data: await profiles.addFile(ctx, sessionOf(req).subjectId, req.body, metaOf(req).ip),
      }),
    );

    app.post(
      `${A}/profile/file/delete`,
      {
        preHandler: customer,
        schema: {
          tags,
          summary: 'Remove a file path',
          description: `A path not in the list answers 404 \`E_NOT_FOUND\`. Answers the updated profile. ${APPLY} ${SCOPE} ${FAMILY} ${LICENCE}`,
          security,
          body: profileFileRequestSchema,
          response: replies(profileDetailResponseSchema),
        },
      },
      async (req) => ({
        respones_msg: 'File removed.',
        data: await profiles.deleteFile(ctx, sessionOf(req).subjectId, req.body, metaOf(req).ip),
      }),
    );

    app.post(
      `${A}/profile/blockUrl/add`,
      {
        preHandler: customer,
        schema: {
          tags,
          summary: 'Block a URL',
          description:
            'An http(s) URL; one already blocked (compared as browsers read URLs) answers 409 `E_CONFLICT`. Answers the ' +
            `updated profile. ${APPLY} ${SCOPE} ${FAMILY} ${LICENCE}`,
          security,
          body: profileBlockUrlRequestSchema,
          response: replies(profileDetailResponseSchema),
        },
      },
      async (req) => ({
        respones_msg: 'URL blocked.',
        data: await profiles.addBlockUrl(ctx, sessionOf(req).subjectId, req.body, metaOf(req).ip),
      }),
    );

    app.post(
      `${A}/profile/blockUrl/delete`,
      {
        preHandler: customer,
        schema: {
          tags,
          summary: 'Unblock a URL',
          description: `A URL not in the list answers 404 \`E_NOT_FOUND\`. Answers the updated profile. ${APPLY} ${SCOPE} ${FAMILY} ${LICENCE}`,
          security,
          body: profileBlockUrlRequestSchema,
          response: replies(profileDetailResponseSchema),
        },
      },
      async (req) => ({
        respones_msg: 'URL unblocked.',
        data: await profiles.deleteBlockUrl(ctx, sessionOf(req).subjectId, req.body, metaOf(req).ip),
      }),
    );

    app.post(
      `${A}/profile/keyMapper/add`,
      {
        preHandler: customer,
        schema: {
          tags,
          summary: 'Map a key event to an app',
          description:
            'A key (BACK_KEY, RECENT_KEY, HOME_KEY, VOLUME_UP_KEY, VOLUME_DOWN_KEY, POWER_KEY) and an event (SINGLE_TAP, ' +
            'DOUBLE_TAP, LONG_PRESS) open `packageName`; a key and event already mapped answers 409 `E_CONFLICT`. ' +
            `Answers the updated profile. ${APPLY} ${SCOPE} ${FAMILY} ${LICENCE}`,
          security,
          body: keyMapperAddRequestSchema,
          response: replies(profileDetailResponseSchema),
        },
      },
      async (req) => ({
        respones_msg: 'Key mapping added.',
        data: await profiles.addKeyMapping(ctx, sessionOf(req).subjectId, req.body, metaOf(req).ip),
      }),
    );

    for (const method of ['POST', 'DELETE'] as const) {
      app.route({
        method,
        url: `${A}/profile/keyMapper/delete`,
        preHandler: customer,
        schema: {
          tags,
          summary: 'Remove a key mapping',
          description:
            '`profileId` and the mapping `id`, in a JSON body or the query string (POST as the spec has it; DELETE works ' +
            `too). An unknown id answers 404 \`E_NOT_FOUND\`. Answers the updated profile. ${APPLY} ${SCOPE} ${FAMILY} ${LICENCE}`,
          security,
          querystring: entryRefQuerySchema,
          body: entryRefBodySchema,
          response: replies(profileDetailResponseSchema),
        },
        handler: async (req) => ({
          respones_msg: 'Key mapping removed.',
          data: await profiles.deleteKeyMapping(
            ctx,
            sessionOf(req).subjectId,
            entryRefOf(req.query, req.body),
            metaOf(req).ip,
          ),
        }),
      });
    }

    app.post(
      `${A}/profile/update/pc/setting`,
      {
        preHandler: customer,
        schema: {
          tags,
          summary: 'Set the cleaner switches',
          description:
            '`powerCleanerSettings` with any of clearBrowserCoockies, clearCache, clearNotifications, clearRecentApps, ' +
            `clearcallLogs (booleans; the ones not sent keep their value). Answers the updated profile. ${APPLY} ${SCOPE} ${FAMILY} ${LICENCE}`,
          security,
          body: powerCleanerSettingRequestSchema,
          response: replies(profileDetailResponseSchema),
        },
      },
      async (req) => ({
        respones_msg: 'Cleaner settings saved.',
        data: await profiles.updatePowerCleanerSettings(ctx, sessionOf(req).subjectId, req.body, metaOf(req).ip),
      }),
    );

    app.post(
      `${A}/profile/update/pob/setting`,
      {
        preHandler: customer,
        schema: {
          tags,
          summary: 'Set power on boot and the scheduled shutdown',
          description:
            '`enablePowerOnBoot`, `shutdownOnDisconnect` and `scheduleShutdown` (null: none; `Daily` at `scheduleTime` ' +
            'HH:MM, or `Weekly` on at least one of `days`; days sent with Daily are dropped). Answers the updated profile. ' +
            `${APPLY} ${SCOPE} ${FAMILY} ${LICENCE}`,
          security,
          body: powerOnBootSettingRequestSchema,
          response: replies(profileDetailResponseSchema),
        },
      },
      async (req) => ({
        respones_msg: 'Power on boot settings saved.',
        data: await profiles.updatePowerOnBootSettings(ctx, sessionOf(req).subjectId, req.body, metaOf(req).ip),
      }),
    );

    app.post(
      `${A}/profile/update/kiosk/setting`,
      {
        preHandler: customer,
        schema: {
          tags,
          summary: 'Set the kiosk mode',
          description:
            '`kioskType` None, Single App (needs `singleAppKioskPackageName`), Multi App (needs at least one app in the ' +
            '`Kiosk` list, else 400 naming kioskType), Browser (needs `browserKioskWebsiteUrl`) or Signage (needs a video ' +
            'URL; blank ones are dropped). Brightness 0 to 255, timeouts in whole seconds. Fields of the other types ' +
            "that are sent are kept for later, except their orientation (only the chosen type's is taken). Answers the " +
            `updated profile. ${APPLY} ${SCOPE} ${FAMILY} ${LICENCE}`,
          security,
          body: kioskSettingRequestSchema,
          response: replies(profileDetailResponseSchema),
        },
      },
      async (req) => ({
        respones_msg: 'Kiosk settings saved.',
        data: await profiles.updateKioskSettings(ctx, sessionOf(req).subjectId, req.body, metaOf(req).ip),
      }),
    );

    app.get(
      `${A}/device/playstore/search`,
      {
        preHandler: customer,
        schema: {
          tags,
          summary: 'Search apps to add to an application list',
          description:
            'At most 20 apps whose name or package contains `app_name` (case-insensitive), best first (names starting ' +
            'with it, then packages starting with it, then the rest). Looks at the apps your devices reported and a ' +
            'catalogue of common Android and Samsung apps, or at Google Play when the server is configured for it ' +
            '(`PLAYSTORE_PROVIDER=google-play-scraper`).',
          security,
          querystring: playStoreSearchQuerySchema,
          response: replies(playStoreSearchResponseSchema),
        },
      },
      async (req) => {
        const found = await playStore.search(sessionOf(req).subjectId, req.query.app_name);
        return { respones_msg: found.length > 0 ? 'Apps found' : 'No apps found.', data: found };
      },
    );

    app.get(
      `${ICON_PATH}/:file`,
      {
        schema: {
          tags,
          summary: 'Icon of an app of the local Play Store catalogue (SVG; no session: <img> loads it)',
          params: iconParamsSchema,
        },
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
  };
