import { profilesApi, type KeyMapperAddRequest } from '@fleetdeck/contract';
import { client } from '@/shared/lib/api-client';

/** `POST profile/keyMapper/add {profileId, keyName, keyEvent, packageName}`. */
export const addKeyMapper = (body: KeyMapperAddRequest) => client(profilesApi.keyMapperAdd, { body });
