import { teamApi } from '@fleetdeck/contract';
import type { AppContext } from '../../context.ts';
import { answer, areaRoutes, answerMessage } from '../../lib/area-routes.ts';
import { customerActorOf, metaOf, requireMember, sessionOf } from '../../plugins/auth.ts';
import * as team from './service.ts';

const TAGS = ['Customer team'];
const MEMBER_SCOPE = 'A member or invite of another account answers 404 `E_NOT_FOUND`.';

/** The account's team (DECISIONS §12) under /api/v1/admin/team: Owners manage it; the invited person accepts. */
export const teamRoutes = (ctx: AppContext) =>
  areaRoutes({ tags: TAGS, guardFor: requireMember(ctx) }, (route) => {
    route(
      teamApi.teamList,
      { summary: "The account's members and pending invites" },
      answer('Team', (req) => team.listTeam(ctx, sessionOf(req).subjectId)),
    );
    route(
      teamApi.teamInvite,
      {
        summary: 'Invite someone by email',
        description:
          'Emails a single-use link valid 7 days to `/accept-invite?token=`. `groupIds` only for Admin, Technician ' +
          'and Viewer (omitted or null: every group). An email that already signs in to an account answers 409 ' +
          '`E_EMAIL_TAKEN`; one with a pending invite 409 `E_CONFLICT` (resend it instead).',
      },
      answer('Invite sent', (req) => team.invite(ctx, customerActorOf(req), req.body)),
    );
    route(
      teamApi.teamAccept,
      {
        summary: 'Accept an invite with a name and a password',
        description:
          'Public. The password follows the sign-up rules. The link works once: used, withdrawn or expired links ' +
          'answer 400 (`E_LINK_USED`, `E_LINK_INVALID`, `E_LINK_EXPIRED`) with what to do. The member then signs in ' +
          'at `users/login` with this email and password.',
        public: true,
      },
      answer('Welcome to the team. You can sign in now.', (req) => team.accept(ctx, req.body, metaOf(req))),
    );
    route(
      teamApi.teamUpdate,
      {
        summary: "Change a member's role or groups",
        description: `Demoting the last Owner answers 409. ${MEMBER_SCOPE}`,
      },
      answer('Member updated', (req) => team.updateMember(ctx, customerActorOf(req), req.params.id, req.body)),
    );
    route(
      teamApi.teamRemove,
      {
        summary: 'Remove a member (their sessions end at once)',
        description: `The last Owner and the account's registrant cannot be removed (409). ${MEMBER_SCOPE}`,
      },
      answerMessage('Member removed', (req) => team.removeMember(ctx, customerActorOf(req), req.params.id)),
    );
    route(
      teamApi.teamInviteResend,
      { summary: 'Send a pending invite again (a new link; the old one stops working)', description: MEMBER_SCOPE },
      answer('Invite sent again', (req) => team.resendInvite(ctx, customerActorOf(req), req.params.id)),
    );
    route(
      teamApi.teamInviteRevoke,
      { summary: 'Withdraw a pending invite', description: MEMBER_SCOPE },
      answerMessage('Invite withdrawn', (req) => team.revokeInvite(ctx, customerActorOf(req), req.params.id)),
    );
  });
