import { fleetApi } from '@fleetdeck/contract';
import type { AppContext } from '../../context.ts';
import { answer, answerList, areaRoutes } from '../../lib/area-routes.ts';
import { customerActorOf, deviceScopeOf, requireMember } from '../../plugins/auth.ts';
import * as rollouts from './rollouts-service.ts';

/** Staged rollouts of the customer console (DECISIONS §10, `fleetApi.rollout*`) under /api/v1/admin/rollouts. */
export const rolloutRoutes = (ctx: AppContext) =>
  areaRoutes({ tags: ['Rollouts'], guardFor: requireMember(ctx) }, (route) => {
    route(
      fleetApi.rolloutCreate,
      {
        summary: 'Roll a template version out to a group or chosen devices, in stages',
        description:
          'Devices are put in stages by a stable hash of (device, rollout): stage sizes are the cumulative percent of ' +
          'the devices, rounded up, each stage at least one device more while devices remain. Background jobs apply ' +
          'each stage, wait for the acknowledgements and decide: a device succeeds on `policy/ack Success` for the ' +
          'version, fails on `Failed` or when it checked in without acknowledging within `ackTimeoutSeconds`; one never ' +
          'seen is pending and counts neither way. When failed ÷ decided ≥ `pauseWhen.failedPercent` with at least ' +
          '`pauseWhen.minDevices` decided the rollout pauses itself (reason, email, audit). Defaults: stages 5/25/100% ' +
          'soaking 3600 s each, pause at 10% of at least 3, ack timeout 900 s. A group with a running or paused ' +
          'rollout answers 409 `E_CONFLICT`; a template, group or device of another customer 404.',
      },
      answer('Rollout started.', (req) => rollouts.createRollout(ctx, customerActorOf(req), req.body)),
    );
    route(
      fleetApi.rolloutList,
      { summary: 'Rollouts, newest first', description: 'Filters: `state`, `groupId`, `templateId`.' },
      answerList('Rollouts', (req) => rollouts.listRollouts(ctx, deviceScopeOf(req), req.query)),
    );
    route(
      fleetApi.rolloutDetail,
      { summary: 'One rollout: its stages with counts, totals and the reason while paused' },
      answer('Rollout', (req) => rollouts.rolloutDetail(ctx, deviceScopeOf(req), req.params.id)),
    );
    route(
      fleetApi.rolloutDevices,
      {
        summary: "A page of the rollout's devices (filter by state and stage)",
        description: "Each row: serial, stage, state, the failure's message and when it reached its state.",
      },
      answerList('Rollout devices', (req) =>
        rollouts.listRolloutDevices(ctx, deviceScopeOf(req), req.params.id, req.query),
      ),
    );
    const actions = [
      [fleetApi.rolloutResume, 'resume', 'Resume a paused rollout', 'Rollout resumed.'],
      [fleetApi.rolloutCancel, 'cancel', 'Cancel a running or paused rollout (no further stage)', 'Rollout cancelled.'],
      [
        fleetApi.rolloutRollback,
        'rollback',
        'Roll back: each changed device gets its settings from before the rollout again (a background job)',
        'Rolling back: each changed device gets its previous settings.',
      ],
    ] as const;
    for (const [endpoint, action, summary, message] of actions) {
      route(
        endpoint,
        {
          summary,
          description: 'A rollout of another customer answers 404; one in a state that does not allow it, 409.',
        },
        answer(message, (req) => rollouts.changeRollout(ctx, customerActorOf(req), req.params.id, action)),
      );
    }
  });
