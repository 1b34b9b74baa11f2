import { profilesApi, type ProfileDetail } from '@fleetdeck/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { profileQueryKeys } from './query-keys';

/** How often the page asks again while the device has not applied the latest version. */
export const APPLY_POLL_MS = 5000;

/** `GET profile/detail?profileId=`. */
export const getProfileDetail = (profileId: string, signal?: AbortSignal) =>
  client(profilesApi.detail, { query: { profileId }, signal });

/** True while an applied version has not been acknowledged by the device yet. */
export const isWaitingForDevice = (p: Pick<ProfileDetail, 'policyVersion' | 'appliedPolicyVersion'>): boolean =>
  p.policyVersion > 0 && p.appliedPolicyVersion !== p.policyVersion;

export const profileDetailQueryOptions = (profileId: string) =>
  queryOptions({
    queryKey: profileQueryKeys.detail(profileId),
    queryFn: ({ signal }) => getProfileDetail(profileId, signal),
    select: (answer) => answer.data,
    // The page shows the failure inline (with Retry); the toast would repeat it.
    meta: { silentError: true },
    // Poll while the device has not acknowledged the latest version, so the badge moves by itself.
    refetchInterval: (query) => {
      const detail = query.state.data?.data;
      return detail && !query.state.error && isWaitingForDevice(detail) ? APPLY_POLL_MS : false;
    },
  });

export const useProfileDetail = (profileId: string) => useQuery(profileDetailQueryOptions(profileId));
