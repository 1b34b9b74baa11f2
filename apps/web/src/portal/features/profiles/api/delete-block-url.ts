import { profilesApi, type ProfileBlockUrlRequest } from '@fleetdeck/contract';
import type { MutationConfig } from '@/shared/lib/query-client';
import { client } from '@/shared/lib/api-client';
import { useProfileUpdateMutation } from './use-profile-update';

/** `POST profile/blockUrl/delete {profileId, url}`. */
export const deleteBlockUrl = (body: ProfileBlockUrlRequest) => client(profilesApi.blockUrlDelete, { body });

export const useDeleteBlockUrl = (config: MutationConfig<typeof deleteBlockUrl> = {}) =>
  useProfileUpdateMutation(deleteBlockUrl, config);
