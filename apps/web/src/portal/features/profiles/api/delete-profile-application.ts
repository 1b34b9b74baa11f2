import { profilesApi, type ProfileEntryDeleteRequest } from '@fleetdeck/contract';
import { client } from '@/shared/lib/api-client';

/** `DELETE profile/application/delete?profileId&id`. */
export const deleteProfileApplication = ({ profileId, id }: ProfileEntryDeleteRequest) =>
  client(profilesApi.applicationDelete, { query: { profileId, id } });
