import { teamApi, type TeamAcceptRequest } from '@fleetdeck/contract';
import { useMutation } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';

/** `POST team/accept` (public): the invited person's name and password; answers the email they sign in with. */
export const acceptInvite = (body: TeamAcceptRequest) => client(teamApi.teamAccept, { body });

export const useAcceptInvite = (config: MutationConfig<typeof acceptInvite> = {}) =>
  useMutation({ ...config, mutationFn: acceptInvite, meta: { silentError: true } });
