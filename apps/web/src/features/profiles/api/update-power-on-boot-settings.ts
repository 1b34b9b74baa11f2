import type { PowerOnBootSettingRequest } from '@fleetdeck/contract';
import type { MutationConfig } from '@/lib/query-client';
import { postProfileUpdate } from './profile-request';
import { useProfileUpdateMutation } from './use-profile-update';

/** `POST profile/update/pob/setting {profileId, enablePowerOnBoot, shutdownOnDisconnect, scheduleShutdown}`. */
export const updatePowerOnBootSettings = (body: PowerOnBootSettingRequest) =>
  postProfileUpdate('update/pob/setting', body);

export const useUpdatePowerOnBootSettings = (config: MutationConfig<typeof updatePowerOnBootSettings> = {}) =>
  useProfileUpdateMutation(updatePowerOnBootSettings, config);
