import { profilesApi, type ProfileBlockUrlRequest } from '@fleetdeck/contract';
import type { MutationConfig } from '@/shared/lib/query-client';
import { client } from '@/shared/lib/api-client';
import { useProfileUpdateMutation } from './use-profile-update';

/** `POST profile/blockUrl/add {profileId, url}`. */
export const addBlockUrl = (body: ProfileBlockUrlRequest) => client(profilesApi.blockUrlAdd, { body });

export const useAddBlockUrl = (config: MutationConfig<typeof addBlockUrl> = {}) =>
  useProfileUpdateMutation(addBlockUrl, config);
