import type { ProfileEntryDeleteRequest } from '@fleetdeck/contract';
import type { MutationConfig } from '@/lib/query-client';
import { postProfileUpdate } from './profile-request';
import { useProfileUpdateMutation } from './use-profile-update';

/** `POST profile/keyMapper/delete {profileId, id}`. */
export const deleteKeyMapper = (body: ProfileEntryDeleteRequest) => postProfileUpdate('keyMapper/delete', body);

export const useDeleteKeyMapper = (config: MutationConfig<typeof deleteKeyMapper> = {}) =>
  useProfileUpdateMutation(deleteKeyMapper, config);
