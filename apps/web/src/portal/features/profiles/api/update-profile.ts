import { profilesApi, type ProfileUpdateRequest } from '@fleetdeck/contract';
import type { MutationConfig } from '@/shared/lib/query-client';
import { client } from '@/shared/lib/api-client';
import { useProfileUpdateMutation } from './use-profile-update';

/** `POST profile/update`: pin, advancedSettings or blockFileUrl (at least one). */
export const updateProfile = (body: ProfileUpdateRequest) => client(profilesApi.update, { body });

export const useUpdateProfile = (config: MutationConfig<typeof updateProfile> = {}) =>
  useProfileUpdateMutation(updateProfile, config);
