import { profilesApi, type PowerOnBootSettingRequest } from '@fleetdeck/contract';
import { client } from '@/shared/lib/api-client';

/** `POST profile/update/pob/setting {profileId, enablePowerOnBoot, shutdownOnDisconnect, scheduleShutdown}`. */
export const updatePowerOnBootSettings = (body: PowerOnBootSettingRequest) =>
  client(profilesApi.powerOnBootSetting, { body });
