import { profilesApi, type ProfileFileRequest } from '@fleetdeck/contract';
import { client } from '@/shared/lib/api-client';

/** `POST profile/file/delete {profileId, filePath}`. */
export const deleteProfileFile = (body: ProfileFileRequest) => client(profilesApi.fileDelete, { body });
