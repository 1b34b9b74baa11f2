import { profilesApi, type ProfileFileRequest } from '@fleetdeck/contract';
import type { MutationConfig } from '@/shared/lib/query-client';
import { client } from '@/shared/lib/api-client';
import { useProfileUpdateMutation } from './use-profile-update';

/** `POST profile/file/delete {profileId, filePath}`. */
export const deleteProfileFile = (body: ProfileFileRequest) => client(profilesApi.fileDelete, { body });

export const useDeleteProfileFile = (config: MutationConfig<typeof deleteProfileFile> = {}) =>
  useProfileUpdateMutation(deleteProfileFile, config);
