import type { ProfileBlockUrlRequest } from '@fleetdeck/contract';
import type { MutationConfig } from '@/lib/query-client';
import { postProfileUpdate } from './profile-request';
import { useProfileUpdateMutation } from './use-profile-update';

/** `POST profile/blockUrl/delete {profileId, url}`. */
export const deleteBlockUrl = (body: ProfileBlockUrlRequest) => postProfileUpdate('blockUrl/delete', body);

export const useDeleteBlockUrl = (config: MutationConfig<typeof deleteBlockUrl> = {}) =>
  useProfileUpdateMutation(deleteBlockUrl, config);
