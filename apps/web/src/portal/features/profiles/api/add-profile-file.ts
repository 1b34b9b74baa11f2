import { profilesApi, type ProfileFileRequest } from '@fleetdeck/contract';
import type { MutationConfig } from '@/shared/lib/query-client';
import { client } from '@/shared/lib/api-client';
import { useProfileUpdateMutation } from './use-profile-update';

/** `POST profile/file/add {profileId, filePath}`. */
export const addProfileFile = (body: ProfileFileRequest) => client(profilesApi.fileAdd, { body });

export const useAddProfileFile = (config: MutationConfig<typeof addProfileFile> = {}) =>
  useProfileUpdateMutation(addProfileFile, config);
