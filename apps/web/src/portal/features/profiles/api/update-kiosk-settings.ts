import { profilesApi, type KioskSettingRequest } from '@fleetdeck/contract';
import { client } from '@/shared/lib/api-client';

/** `POST profile/update/kiosk/setting`: the kiosk type and the fields of that type. */
export const updateKioskSettings = (body: KioskSettingRequest) => client(profilesApi.kioskSetting, { body });
