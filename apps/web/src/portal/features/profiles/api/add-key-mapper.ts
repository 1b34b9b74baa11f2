import { profilesApi, type KeyMapperAddRequest } from '@fleetdeck/contract';
import type { MutationConfig } from '@/shared/lib/query-client';
import { client } from '@/shared/lib/api-client';
import { useProfileUpdateMutation } from './use-profile-update';

/** `POST profile/keyMapper/add {profileId, keyName, keyEvent, packageName}`. */
export const addKeyMapper = (body: KeyMapperAddRequest) => client(profilesApi.keyMapperAdd, { body });

export const useAddKeyMapper = (config: MutationConfig<typeof addKeyMapper> = {}) =>
  useProfileUpdateMutation(addKeyMapper, config);
