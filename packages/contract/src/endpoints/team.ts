import { z } from 'zod/mini';
import { endpoint } from '../endpoint.ts';
import { messageSchema } from '../envelope.ts';
import {
  inviteIdSchema,
  memberIdSchema,
  teamAcceptRequestSchema,
  teamAcceptResponseSchema,
  teamInviteRequestSchema,
  teamInviteResponseSchema,
  teamMemberResponseSchema,
  teamResponseSchema,
  teamUpdateRequestSchema,
} from '../team.ts';

/** Customer team (DECISIONS §12), under /api/v1/admin/team. */
const A = '/api/v1/admin/team';
const memberParams = z.object({ id: memberIdSchema });
const inviteParams = z.object({ id: inviteIdSchema });

export const teamList = endpoint({ method: 'GET', path: A, response: teamResponseSchema });
export const teamInvite = endpoint({
  method: 'POST',
  path: `${A}/invite`,
  body: teamInviteRequestSchema,
  response: teamInviteResponseSchema,
});
/** Public: the invited person sets their name and password with the emailed link's token. */
export const teamAccept = endpoint({
  method: 'POST',
  path: `${A}/accept`,
  body: teamAcceptRequestSchema,
  response: teamAcceptResponseSchema,
});
export const teamUpdate = endpoint({
  method: 'PUT',
  path: `${A}/:id`,
  params: memberParams,
  body: teamUpdateRequestSchema,
  response: teamMemberResponseSchema,
});
export const teamRemove = endpoint({
  method: 'DELETE',
  path: `${A}/:id`,
  params: memberParams,
  response: messageSchema,
});
/** A pending invite sent again: a new link valid 7 days (the old one stops working). */
export const teamInviteResend = endpoint({
  method: 'POST',
  path: `${A}/invites/:id/resend`,
  params: inviteParams,
  response: teamInviteResponseSchema,
});
export const teamInviteRevoke = endpoint({
  method: 'DELETE',
  path: `${A}/invites/:id`,
  params: inviteParams,
  response: messageSchema,
});
