import type { PowerCleanerSettingRequest } from '@fleetdeck/contract';
import type { MutationConfig } from '@/lib/query-client';
import { postProfileUpdate } from './profile-request';
import { useProfileUpdateMutation } from './use-profile-update';

/** `POST profile/update/pc/setting {profileId, powerCleanerSettings}`. */
export const updatePowerCleanerSettings = (body: PowerCleanerSettingRequest) =>
  postProfileUpdate('update/pc/setting', body);

export const useUpdatePowerCleanerSettings = (config: MutationConfig<typeof updatePowerCleanerSettings> = {}) =>
  useProfileUpdateMutation(updatePowerCleanerSettings, config);
