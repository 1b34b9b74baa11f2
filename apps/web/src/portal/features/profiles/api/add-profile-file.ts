import { profilesApi, type ProfileFileRequest } from '@fleetdeck/contract';
import { client } from '@/shared/lib/api-client';

/** `POST profile/file/add {profileId, filePath}`. */
export const addProfileFile = (body: ProfileFileRequest) => client(profilesApi.fileAdd, { body });
