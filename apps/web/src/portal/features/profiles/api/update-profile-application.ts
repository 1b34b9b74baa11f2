import { profilesApi, type ProfileApplicationUpdateRequest } from '@fleetdeck/contract';
import { client } from '@/shared/lib/api-client';

/** `POST profile/application/update {profileId, appPackageName, status}`: the entry's action. */
export const updateProfileApplication = (body: ProfileApplicationUpdateRequest) =>
  client(profilesApi.applicationUpdate, { body });
