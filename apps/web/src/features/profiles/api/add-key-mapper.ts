import type { KeyMapperAddRequest } from '@fleetdeck/contract';
import type { MutationConfig } from '@/lib/query-client';
import { postProfileUpdate } from './profile-request';
import { useProfileUpdateMutation } from './use-profile-update';

/** `POST profile/keyMapper/add {profileId, keyName, keyEvent, packageName}`. */
export const addKeyMapper = (body: KeyMapperAddRequest) => postProfileUpdate('keyMapper/add', body);

export const useAddKeyMapper = (config: MutationConfig<typeof addKeyMapper> = {}) =>
  useProfileUpdateMutation(addKeyMapper, config);
