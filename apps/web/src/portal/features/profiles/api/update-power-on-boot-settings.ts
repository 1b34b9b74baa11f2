import { profilesApi, type PowerOnBootSettingRequest } from '@fleetdeck/contract';
import type { MutationConfig } from '@/shared/lib/query-client';
import { client } from '@/shared/lib/api-client';
import { useProfileUpdateMutation } from './use-profile-update';

/** `POST profile/update/pob/setting {profileId, enablePowerOnBoot, shutdownOnDisconnect, scheduleShutdown}`. */
export const updatePowerOnBootSettings = (body: PowerOnBootSettingRequest) =>
  client(profilesApi.powerOnBootSetting, { body });

export const useUpdatePowerOnBootSettings = (config: MutationConfig<typeof updatePowerOnBootSettings> = {}) =>
  useProfileUpdateMutation(updatePowerOnBootSettings, config);
