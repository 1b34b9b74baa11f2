import { profilesApi, type ProfileBlockUrlRequest } from '@fleetdeck/contract';
import { client } from '@/shared/lib/api-client';

/** `POST profile/blockUrl/delete {profileId, url}`. */
export const deleteBlockUrl = (body: ProfileBlockUrlRequest) => client(profilesApi.blockUrlDelete, { body });
