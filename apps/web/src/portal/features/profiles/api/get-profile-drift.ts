import { fleetApi } from '@fleetdeck/contract';
import { useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { profileQueryKeys } from './query-keys';

/** `GET profile/drift?profileId=`: the settings of a device that differ from its group's template, in plain words. */
export const getProfileDrift = async (profileId: string, signal?: AbortSignal) =>
  (await client(fleetApi.profileDrift, { query: { profileId }, signal })).data;

export const useProfileDrift = (profileId: string | null) =>
  useQuery({
    queryKey: [...profileQueryKeys.profile(profileId ?? ''), 'drift'],
    queryFn: ({ signal }) => getProfileDrift(profileId!, signal),
    enabled: profileId !== null,
    meta: { silentError: true },
  });
