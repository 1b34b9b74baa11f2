import { teamApi, type TeamInviteRequest, type TeamUpdateRequest } from '@fleetdeck/contract';
import { client } from '@/shared/lib/api-client';
import { useInvalidatingMutation } from '@/shared/lib/invalidating';
import type { MutationConfig } from '@/shared/lib/query-client';
import { queryKeys } from '@/portal/lib/query-keys';

/** `POST team/invite`: an emailed link valid 7 days for a role (and, for the group-scoped roles, some groups). */
export const inviteMember = (body: TeamInviteRequest) => client(teamApi.teamInvite, { body });
export const useInviteMember = (config: MutationConfig<typeof inviteMember> = {}) =>
  useInvalidatingMutation(queryKeys.team, inviteMember, config);

/** `PUT team/:id {role?, groupIds?}`: a member's role or groups (null: every group). */
export const updateMember = ({ id, ...body }: { id: string } & TeamUpdateRequest) =>
  client(teamApi.teamUpdate, { params: { id }, body });
export const useUpdateMember = (config: MutationConfig<typeof updateMember> = {}) =>
  useInvalidatingMutation(queryKeys.team, updateMember, config);

/** `DELETE team/:id`: the member goes and their sessions end at once. */
export const removeMember = (id: string) => client(teamApi.teamRemove, { params: { id } });
export const useRemoveMember = (config: MutationConfig<typeof removeMember> = {}) =>
  useInvalidatingMutation(queryKeys.team, removeMember, config);

/** `POST team/invites/:id/resend`: a new link valid 7 days; the old one stops working. */
export const resendInvite = (id: string) => client(teamApi.teamInviteResend, { params: { id } });
export const useResendInvite = (config: MutationConfig<typeof resendInvite> = {}) =>
  useInvalidatingMutation(queryKeys.team, resendInvite, config);

/** `DELETE team/invites/:id`: the link stops working. */
export const revokeInvite = (id: string) => client(teamApi.teamInviteRevoke, { params: { id } });
export const useRevokeInvite = (config: MutationConfig<typeof revokeInvite> = {}) =>
  useInvalidatingMutation(queryKeys.team, revokeInvite, config);
