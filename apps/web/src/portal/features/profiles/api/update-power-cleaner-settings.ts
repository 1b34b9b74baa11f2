import { profilesApi, type PowerCleanerSettingRequest } from '@fleetdeck/contract';
import { client } from '@/shared/lib/api-client';

/** `POST profile/update/pc/setting {profileId, powerCleanerSettings}`. */
export const updatePowerCleanerSettings = (body: PowerCleanerSettingRequest) =>
  client(profilesApi.powerCleanerSetting, { body });
