import { fleetApi } from '@fleetdeck/contract';
import type { AppContext } from '../../context.ts';
import { answer, answerList, areaRoutes, answerMessage } from '../../lib/area-routes.ts';
import { customerActorOf, deviceScopeOf, requireMember, sessionOf } from '../../plugins/auth.ts';
import * as groups from './groups-service.ts';
import * as templates from './templates-service.ts';

const TAGS = ['Fleet operations'];
const TEMPLATE_SCOPE = 'A template of another customer answers 404 `E_NOT_FOUND`.';
const GROUP_SCOPE = 'A group of another customer answers 404 `E_NOT_FOUND`.';
const LICENCE =
  "While the group's app family has more enrolled devices than purchased licences, a call that applies a template " +
  'answers 402 `E_PAYMENT_REQUIRED` with `redirectToPaymentPage: 1`.';

/** Policy templates (DECISIONS §10): `templates` under /api/v1/admin. */
export const templateRoutes = (ctx: AppContext) =>
  areaRoutes({ tags: TAGS, guardFor: requireMember(ctx) }, (route) => {
    route(
      fleetApi.templateCreate,
      {
        summary: "Create a policy template from a device's profile",
        description:
          "Version 1 is a snapshot of the profile's settings (every tab); the template's family is the profile's. " +
          'A profile of another customer answers 404 `E_PROFILE_NOT_FOUND`.',
      },
      answer('Template created.', (req) => templates.createTemplate(ctx, customerActorOf(req), req.body)),
    );

    route(
      fleetApi.templateList,
      { summary: 'List policy templates', description: 'Newest first; `family` and `search` (in the name) filter.' },
      answerList('Templates', (req) => templates.listTemplates(ctx, sessionOf(req).subjectId, req.query)),
    );

    route(
      fleetApi.templateDetail,
      {
        summary: 'A policy template with its settings and versions',
        description: `\`versions\` newest first, each with its changes from the one before in plain words. ${TEMPLATE_SCOPE}`,
      },
      answer('Template', (req) => templates.templateDetail(ctx, sessionOf(req).subjectId, req.params.id)),
    );

    route(
      fleetApi.templateUpdate,
      {
        summary: 'Rename a template or save a new version of it',
        description:
          '`settings`: the keys sent replace their value (the switch groups switch by switch), each checked with the ' +
          "rule of the profile call that edits it; a key of a tab the template's family has not answers 400. " +
          '`fromProfileId`: a new snapshot of a profile of the same family. A new version is saved only when what the ' +
          'devices would apply changes; a rename alone keeps the version. Groups keep the version in force until it ' +
          `is given to them (PUT groups/:id or a rollout). ${TEMPLATE_SCOPE}`,
      },
      async (req) => {
        const { template, saved } = await templates.updateTemplate(ctx, customerActorOf(req), req.params.id, req.body);
        const message = {
          version: `Template saved as version ${template.version}.`,
          name: 'Template renamed.',
          nothing: 'Nothing changed: the template keeps its version.',
        }[saved];
        return { respones_msg: message, data: template };
      },
    );

    route(
      fleetApi.templateDelete,
      {
        summary: 'Delete a policy template',
        description:
          'Refused with 409 `E_CONFLICT` while a group uses it or a rollout of it is running or paused (or named in ' +
          `the history of its rollouts). ${TEMPLATE_SCOPE}`,
      },
      answerMessage('Template deleted.', (req) => templates.deleteTemplate(ctx, customerActorOf(req), req.params.id)),
    );
  });

/** Device groups (DECISIONS §10): `groups` and `profile/drift` under /api/v1/admin. */
export const groupRoutes = (ctx: AppContext) =>
  areaRoutes({ tags: TAGS, guardFor: requireMember(ctx) }, (route) => {
    route(
      fleetApi.groupCreate,
      {
        summary: 'Create a device group',
        description:
          'A group holds devices of one family; `templateId` (of that family, else 400) gives it a template at its ' +
          'current version. A template of another customer answers 404.',
      },
      answer('Group created.', (req) => groups.createGroup(ctx, customerActorOf(req), req.body)),
    );

    route(
      fleetApi.groupList,
      {
        summary: 'List device groups',
        description:
          'Newest first, with their template and version in force, `deviceCount` (enrolled devices), `driftCount` ' +
          "(devices whose settings differ from the group's template version) and the running or paused rollout.",
      },
      answerList('Groups', (req) => groups.listGroups(ctx, deviceScopeOf(req), req.query)),
    );

    route(
      fleetApi.groupDetail,
      { summary: 'A device group', description: GROUP_SCOPE },
      answer('Group', (req) => groups.groupDetail(ctx, deviceScopeOf(req), req.params.id)),
    );

    route(
      fleetApi.groupUpdate,
      {
        summary: 'Rename a group or give it a template',
        description:
          'A new `templateId` (or the same one, to give its newest version) is applied at once to every device of the ' +
          'group: settings replaced, policy version bumped, devices woken. `null` removes the template (devices keep ' +
          'their settings). Refused with 409 while a rollout of the group runs or is paused; a template of another ' +
          `family answers 400. ${GROUP_SCOPE} ${LICENCE}`,
      },
      async (req) => {
        const { group, applied } = await groups.updateGroup(ctx, customerActorOf(req), req.params.id, req.body);
        return {
          respones_msg:
            applied > 0
              ? `Group saved. The template was applied to ${applied === 1 ? '1 device' : `${applied} devices`}.`
              : 'Group saved.',
          data: group,
        };
      },
    );

    route(
      fleetApi.groupDelete,
      {
        summary: 'Delete a device group',
        description: `Its devices stay, ungrouped, with their settings. Refused with 409 while a rollout of the group runs or is paused. ${GROUP_SCOPE}`,
      },
      answerMessage('Group deleted. Its devices are ungrouped.', (req) =>
        groups.deleteGroup(ctx, customerActorOf(req), req.params.id),
      ),
    );

    route(
      fleetApi.groupAddDevices,
      {
        summary: 'Add devices to a group (moving them from any other)',
        description:
          "A device is in at most one group: adding moves it. Every device must be of the group's family (400 naming " +
          'the device otherwise); a device of another customer answers 404 `E_PROFILE_NOT_FOUND`. Devices joining a ' +
          `group with a template get its version in force at once (policy version bumped, device woken). ${GROUP_SCOPE} ${LICENCE}`,
      },
      answer('Devices added to the group.', (req) =>
        groups.addDevices(ctx, customerActorOf(req), req.params.id, req.body.profileIds),
      ),
    );

    route(
      fleetApi.groupRemoveDevices,
      {
        summary: 'Remove devices from a group',
        description:
          'The devices of the group among `profileIds` leave it and keep their settings; others are left as they are. ' +
          `A device of another customer answers 404 \`E_PROFILE_NOT_FOUND\`. ${GROUP_SCOPE}`,
      },
      answer('Devices removed from the group.', (req) =>
        groups.removeDevices(ctx, customerActorOf(req), req.params.id, req.body.profileIds),
      ),
    );

    route(
      fleetApi.groupEnrolmentQr,
      {
        summary: "PNG of the group's enrolment QR code",
        description:
          'The QR code of `<PUBLIC_URL>/enrol?token=<enrolmentToken>&group=<groupId>`: a device enrolling with it ' +
          '(`POST enrol` with `groupId`) joins the group and gets its template. Rotating the enrolment token ' +
          `replaces it. ${GROUP_SCOPE}`,
      },
      async (req, reply) => {
        const png = await groups.groupEnrolmentQr(ctx, deviceScopeOf(req), req.params.id);
        return reply.header('content-type', 'image/png').header('cache-control', 'private, no-store').send(png);
      },
    );

    route(
      fleetApi.profileDrift,
      {
        summary: "Where a device differs from its group's template",
        description:
          "The settings of the profile that differ from its group's template version, one sentence each (each switch " +
          'and each list counts as one setting). A device outside a group, or in a group without a template, has no ' +
          'drift. A profile of another customer answers 404 `E_PROFILE_NOT_FOUND`.',
      },
      answer('Drift', (req) => groups.profileDrift(ctx, deviceScopeOf(req), req.query.profileId)),
    );
  });
