import type { ProfileFileRequest } from '@fleetdeck/contract';
import type { MutationConfig } from '@/lib/query-client';
import { postProfileUpdate } from './profile-request';
import { useProfileUpdateMutation } from './use-profile-update';

/** `POST profile/file/add {profileId, filePath}`. */
export const addProfileFile = (body: ProfileFileRequest) => postProfileUpdate('file/add', body);

export const useAddProfileFile = (config: MutationConfig<typeof addProfileFile> = {}) =>
  useProfileUpdateMutation(addProfileFile, config);
