import { profilesApi, type ProfileEntryDeleteRequest } from '@fleetdeck/contract';
import type { MutationConfig } from '@/shared/lib/query-client';
import { client } from '@/shared/lib/api-client';
import { useProfileUpdateMutation } from './use-profile-update';

/** `POST profile/keyMapper/delete {profileId, id}`. */
export const deleteKeyMapper = (body: ProfileEntryDeleteRequest) => client(profilesApi.keyMapperDelete, { body });

export const useDeleteKeyMapper = (config: MutationConfig<typeof deleteKeyMapper> = {}) =>
  useProfileUpdateMutation(deleteKeyMapper, config);
