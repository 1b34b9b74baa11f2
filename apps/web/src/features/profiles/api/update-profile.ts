import type { ProfileUpdateRequest } from '@fleetdeck/contract';
import type { MutationConfig } from '@/lib/query-client';
import { postProfileUpdate } from './profile-request';
import { useProfileUpdateMutation } from './use-profile-update';

/** `POST profile/update`: pin, advancedSettings or blockFileUrl (at least one). */
export const updateProfile = (body: ProfileUpdateRequest) => postProfileUpdate('update', body);

export const useUpdateProfile = (config: MutationConfig<typeof updateProfile> = {}) =>
  useProfileUpdateMutation(updateProfile, config);
