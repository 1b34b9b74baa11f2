import { profilesApi, type ProfileEntryDeleteRequest } from '@fleetdeck/contract';
import { client } from '@/shared/lib/api-client';

/** `POST profile/keyMapper/delete {profileId, id}`. */
export const deleteKeyMapper = (body: ProfileEntryDeleteRequest) => client(profilesApi.keyMapperDelete, { body });
