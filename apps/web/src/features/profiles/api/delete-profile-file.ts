import type { ProfileFileRequest } from '@fleetdeck/contract';
import type { MutationConfig } from '@/lib/query-client';
import { postProfileUpdate } from './profile-request';
import { useProfileUpdateMutation } from './use-profile-update';

/** `POST profile/file/delete {profileId, filePath}`. */
export const deleteProfileFile = (body: ProfileFileRequest) => postProfileUpdate('file/delete', body);

export const useDeleteProfileFile = (config: MutationConfig<typeof deleteProfileFile> = {}) =>
  useProfileUpdateMutation(deleteProfileFile, config);
