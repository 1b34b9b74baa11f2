import { z } from 'zod/mini';
import {
  EVENTS_DEFAULT_WAIT_SECONDS,
  EVENTS_MAX_WAIT_SECONDS,
  errorResponseSchema,
  policyApi,
} from '@fleetdeck/contract';
import type { AppContext } from '../../context.ts';
import { areaRoutes } from '../../lib/area-routes.ts';
import { customerActorOf, requireMember } from '../../plugins/auth.ts';
import { DEVICE_API_TAGS, deviceActorOf, deviceOf, requireDevice } from '../../plugins/device-auth.ts';
import { POLICY_DOCUMENT_DESCRIPTION } from './document.ts';
import { EVENTS_CONTENT_TYPE, eventsAnswerJson } from './events-answer.ts';
import { prebuiltJsonAnswer } from '../../plugins/prebuilt-answer.ts';
import { securityHeaders } from '../../plugins/security-headers.ts';
import { requestPush } from './push.ts';
import * as policy from './service.ts';
import { DEVICE_WRITE_LIMITS } from '../devices/service.ts';
import { MAX_WAITERS_PER_DEVICE, type Wait, type WaitOutcome } from './wakeup.ts';

/** Seconds a poll refused by the process's long-poll cap is told to wait before polling again. */
export const OVER_CAP_RETRY_SECONDS = 30;

/**
 * How long a poll of `wait` seconds is held: waits of 10 s or more end up to 10 % early, at random, so that a fleet
 * woken together (a restart, a broadcast) does not come back in one wave. In whole seconds: Node keeps one timer list
 * per distinct duration, and 20,000 polls with as many durations made each wake-up's clearTimeout a priority-queue
 * removal (a broadcast clears them all at once).
 */
export function holdMs(wait: number, random = Math.random()): number {
  const ms = wait * 1000;
  return wait >= 10 ? Math.round((ms - ms * 0.1 * random) / 1000) * 1000 : ms;
}

/**
 * Policy delivery (DECISIONS §6): the device reads its frozen policy and acknowledges it, long-polls for
 * changes and messages (`policyApi`).
 */
export const policyDeviceRoutes = (ctx: AppContext) => {
  const prebuilt = prebuiltJsonAnswer(securityHeaders(ctx.config), EVENTS_CONTENT_TYPE);
  return areaRoutes({ tags: DEVICE_API_TAGS, guard: requireDevice(ctx), security: 'token' }, (route) => {
    route(
      policyApi.policy,
      {
        summary: "The device's policy, as frozen at the console's last Apply",
        description:
          "Answers the policy of the device's profile with its `version` (0 until the first Apply) and an " +
          '`ETag: "<profileId>:<version>"`. Send it back as `If-None-Match` to get 304 with no body while ' +
          'nothing changed. Editing the profile in the console does not change this document: only Apply does ' +
          '(it moves `version` and wakes `GET events`). After applying, report with `POST policy/ack`.\n\n' +
          POLICY_DOCUMENT_DESCRIPTION,
        responses: {
          304: z.null().register(z.globalRegistry, { description: 'Not modified: the ETag still matches.' }),
        },
      },
      async (req, reply) => {
        const d = deviceOf(req);
        // Issue 14: an unchanged poll is answered from the process's ETag cache (dropped by Apply's notification).
        const ifNoneMatch = req.headers['if-none-match'];
        const cached = ifNoneMatch ? ctx.hot.cache.etag(d.deviceId) : null;
        if (cached && policy.etagMatches(ifNoneMatch, cached)) {
          return reply.header('etag', cached).header('cache-control', 'private, no-cache').code(304).send(null);
        }
        const epoch = ctx.hot.cache.mark();
        const current = await policy.currentPolicy(ctx, d);
        const etag = policy.policyEtag(current.profileId, current.version, current.appVersionStamp);
        ctx.hot.cache.putEtag(d.deviceId, etag, epoch);
        void reply.header('etag', etag).header('cache-control', 'private, no-cache');
        if (policy.etagMatches(req.headers['if-none-match'], etag)) {
          return reply.code(304).send(null);
        }
        return {
          respones_msg: 'Policy loaded.',
          data: {
            version: current.version,
            profileId: current.profileId,
            appName: current.appName,
            policy: current.policy,
          },
        };
      },
    );

    route(
      policyApi.ack,
      {
        summary: 'Report the result of applying a policy version',
        description:
          'Send `{version, result: Success|Failed, message}` after applying the policy of `GET policy`. Records the ' +
          "profile's applied version and result (shown in the console), a device log row (`Apply`, `Success` or " +
          '`Failed: <message>`) and an audit entry, and marks the device as seen. An ack of an OLDER version (late ' +
          'or retried) is accepted and logged but never moves the applied version backwards; `data.currentVersion` ' +
          'tells whether a newer policy waits. A version newer than the current one answers 409 `E_CONFLICT`. One ack ' +
          'per version: a repeated ack of a version already reported answers the same and records nothing. At most ' +
          `${DEVICE_WRITE_LIMITS.ack.max} reports a minute per device (429 \`E_RATE_LIMITED\` with \`retry-after\`).`,
      },
      async (req) => {
        const { repeated: _repeated, ...outcome } = await policy.acknowledgePolicy(
          ctx,
          deviceOf(req),
          req.body,
          deviceActorOf(req),
        );
        return {
          respones_msg:
            outcome.version < outcome.currentVersion
              ? `Recorded. A newer policy (version ${outcome.currentVersion}) is waiting.`
              : 'Recorded.',
          data: outcome,
        };
      },
    );

    route(
      policyApi.events,
      {
        summary: 'Long-poll for policy changes, notifications and commands',
        description:
          `Answers at once when something is pending, else holds the request up to \`wait\` seconds (0 to ${EVENTS_MAX_WAIT_SECONDS}) ` +
          'and answers as soon as the console wakes the device (or with nothing when the time runs out; then poll again). ' +
          'Pending means: `policyChanged` — the policy version is newer than `version` (send the version you hold; ' +
          'without it: newer than the version you last acknowledged; version 0, the empty policy of a profile never applied, needs no acknowledgement), ' +
          "or the back office changed the app's minimum version while you waited — fetch `GET policy`; `messages` — " +
          'notifications and commands not yet handed out and not expired (each is handed out once: it is marked ' +
          'delivered in the same step, and queued again if the connection closed before the answer went out; confirm with `POST notifications/:id/delivered` and `/opened`); `logout: true` ' +
          '— the device was logged out from the console while waiting (stop polling and enrol again; afterwards every ' +
          `call answers 401 \`E_DEVICE_LOGGED_OUT\`). At most ${MAX_WAITERS_PER_DEVICE} open polls per device: a newer ` +
          'one makes the oldest answer at once. Set your HTTP read timeout above `wait` + 10 s. ' +
          `\`wait\` defaults to ${EVENTS_DEFAULT_WAIT_SECONDS}; the server ends a wait of 10 s or more up to 10 % early ` +
          '(jitter, so a fleet that started together spreads out). A process already holding its maximum of open ' +
          'long-polls answers at once, as with `wait=0`, with a `retry-after` header: poll again after that many seconds.',
      },
      async (req, reply) => {
        const d = deviceOf(req);
        const { version } = req.query;
        // Beyond the process's cap of open long-polls, a poll is answered as with wait=0 (issue 14, item 2).
        let wait = req.query.wait;
        if (wait > 0 && ctx.wakeups.waiterCount() >= ctx.config.maxLongPolls) {
          ctx.wakeups.pollsOverCap++;
          wait = 0;
          void reply.header('retry-after', String(OVER_CAP_RETRY_SECONDS));
        }
        // Register the wait BEFORE the first check: a wake-up between the check and the wait is not lost.
        const waiting: Wait | null = wait > 0 ? ctx.wakeups.wait(d.deviceId, holdMs(wait)) : null;
        // The request has no body: read its end now, while it waits, so that node:http has nothing left to drain when
        // the answer goes out (a broadcast answers every poll at once; that drain was ~4 % of the work per answer).
        if (waiting) req.raw.resume();
        const waitStartedAt = Date.now();
        const onClose = () => {
          if (!reply.raw.writableFinished) waiting?.cancel();
        };
        // reply.raw (not request.raw): on Node ≥ 16 an IncomingMessage emits 'close' once its body was read.
        reply.raw.on('close', onClose);
        try {
          // Polls opening or ending together (a reconnecting fleet; a broadcast waking them all) share one statement
          // (events-batch.ts: the same answer as policy.pendingEvents for one poll).
          const read = (takeMessages: boolean) =>
            ctx.hot.events.read({
              deviceId: d.deviceId,
              profileId: d.profileId,
              knownVersion: version,
              takeMessages,
              stillWanted: () => !reply.raw.destroyed,
            });
          let events = await read(true);
          const pending = events.policyChanged || events.logout || events.messages.length > 0;
          if (!pending && waiting) {
            const outcome: WaitOutcome = await waiting.promise;
            // A superseded or abandoned poll must not take messages that nobody would receive.
            const takeMessages = outcome === 'woken' || outcome === 'timeout';
            events = await read(takeMessages);
            // Woken with nothing pending: maybe by a staff app-version change of the family (it moves the policy's
            // ETag, not its version). One more read, only for such polls (a broadcast's polls carry its message).
            if (
              outcome === 'woken' &&
              !events.policyChanged &&
              !events.logout &&
              events.messages.length === 0 &&
              (await policy.appVersionChangedSince(ctx.db, d.family, waitStartedAt))
            ) {
              events = { ...events, policyChanged: true };
            }
          }
          // The device hung up while its messages were taken (a read cannot ask and take in one step): they go back.
          if (reply.raw.destroyed && events.messages.length > 0) {
            await policy.returnUnsentMessages(ctx, d.deviceId, events.messages);
          }
          // Serialised here, not by the route's schema serializer (events-answer.ts: the same text, a fraction of
          // the work when a broadcast answers every poll at once).
          const body = eventsAnswerJson('OK', events);
          // Most answers go out with a head built once (prebuilt-answer.ts); the rest the usual way.
          if (prebuilt.send(reply, body)) return reply;
          return reply.type(EVENTS_CONTENT_TYPE).send(body);
        } finally {
          waiting?.cancel();
          reply.raw.off('close', onClose);
        }
      },
    );

    const messageAcks = [
      [
        policyApi.messageDelivered,
        'delivered',
        'Confirms the message reached the app. Repeated calls keep the first time. A message of another device answers 404.',
      ],
      [
        policyApi.messageOpened,
        'opened',
        'Confirms the user opened the notification (marks it delivered too if it was not). Repeated calls keep the first time. A message of another device answers 404.',
      ],
    ] as const;
    for (const [endpoint, what, description] of messageAcks) {
      route(endpoint, { summary: `Confirm a notification or command was ${what}`, description }, async (req) => ({
        respones_msg: 'Recorded.',
        data: await policy.acknowledgeMessage(ctx, deviceOf(req), req.params.id, what),
      }));
    }
  });
};

/** The console's Apply: freezes a new policy version and wakes the device. */
export const policyRoutes = (ctx: AppContext) =>
  areaRoutes({ tags: ['Customer devices'], guardFor: requireMember(ctx) }, (route) => {
    route(
      policyApi.apply,
      {
        summary: 'Apply a profile: push its current settings to the device',
        description:
          "Freezes the profile's current settings into the policy document of its app, moves `policyVersion` (and " +
          'the profile counter) and wakes the device, which fetches `GET /api/v1/device/policy` and acknowledges it ' +
          '(`appliedPolicyVersion` follows). A profile of another customer answers 404 `E_PROFILE_NOT_FOUND`. While ' +
          "the profile's app family has more enrolled devices than purchased licences the answer is 402 " +
          '`E_PAYMENT_REQUIRED` with `redirectToPaymentPage: 1`.',
        responses: { 402: errorResponseSchema },
      },
      async (req) => {
        const applied = await policy.applyProfile(ctx, customerActorOf(req), req.query.profileId);
        // This process forgets the old ETag now; the others on the commit's notification (a few ms).
        ctx.hot.cache.invalidate(applied.deviceId);
        await requestPush(ctx, [applied.deviceId]);
        const { deviceId: _deviceId, ...data } = applied;
        return { respones_msg: 'Profile applied. The device will pick up the changes in a moment.', data };
      },
    );
  });
