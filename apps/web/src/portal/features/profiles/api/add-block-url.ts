import { profilesApi, type ProfileBlockUrlRequest } from '@fleetdeck/contract';
import { client } from '@/shared/lib/api-client';

/** `POST profile/blockUrl/add {profileId, url}`. */
export const addBlockUrl = (body: ProfileBlockUrlRequest) => client(profilesApi.blockUrlAdd, { body });
