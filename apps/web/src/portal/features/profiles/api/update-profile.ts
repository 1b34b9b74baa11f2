import { profilesApi, type ProfileUpdateRequest } from '@fleetdeck/contract';
import { client } from '@/shared/lib/api-client';

/** `POST profile/update`: pin, advancedSettings or blockFileUrl (at least one). */
export const updateProfile = (body: ProfileUpdateRequest) => client(profilesApi.update, { body });
