import { profilesApi, type KioskSettingRequest } from '@fleetdeck/contract';
import type { MutationConfig } from '@/shared/lib/query-client';
import { client } from '@/shared/lib/api-client';
import { useProfileUpdateMutation } from './use-profile-update';

/** `POST profile/update/kiosk/setting`: the kiosk type and the fields of that type. */
export const updateKioskSettings = (body: KioskSettingRequest) => client(profilesApi.kioskSetting, { body });

export const useUpdateKioskSettings = (config: MutationConfig<typeof updateKioskSettings> = {}) =>
  useProfileUpdateMutation(updateKioskSettings, config);
