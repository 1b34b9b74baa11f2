import type { ProfileBlockUrlRequest } from '@fleetdeck/contract';
import type { MutationConfig } from '@/lib/query-client';
import { postProfileUpdate } from './profile-request';
import { useProfileUpdateMutation } from './use-profile-update';

/** `POST profile/blockUrl/add {profileId, url}`. */
export const addBlockUrl = (body: ProfileBlockUrlRequest) => postProfileUpdate('blockUrl/add', body);

export const useAddBlockUrl = (config: MutationConfig<typeof addBlockUrl> = {}) =>
  useProfileUpdateMutation(addBlockUrl, config);
