import { profilesApi, type PowerCleanerSettingRequest } from '@fleetdeck/contract';
import type { MutationConfig } from '@/shared/lib/query-client';
import { client } from '@/shared/lib/api-client';
import { useProfileUpdateMutation } from './use-profile-update';

/** `POST profile/update/pc/setting {profileId, powerCleanerSettings}`. */
export const updatePowerCleanerSettings = (body: PowerCleanerSettingRequest) =>
  client(profilesApi.powerCleanerSetting, { body });

export const useUpdatePowerCleanerSettings = (config: MutationConfig<typeof updatePowerCleanerSettings> = {}) =>
  useProfileUpdateMutation(updatePowerCleanerSettings, config);
