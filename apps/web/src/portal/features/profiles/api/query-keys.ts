import type { ProductType } from '@fleetdeck/contract';
import { queryKeys } from '@/portal/lib/query-keys';

/** Every profile query keys under `queryKeys.profiles` (shared with the exports' restore dialog). */
const PROFILES_QUERY_KEY = queryKeys.profiles;

export const profileQueryKeys = {
  list: queryKeys.profileList,
  /** Everything of one profile: detail, device detail, its lists. */
  profile: (profileId: string) => [...PROFILES_QUERY_KEY, 'profile', profileId] as const,
  detail: (profileId: string) => [...PROFILES_QUERY_KEY, 'profile', profileId, 'detail'] as const,
  device: (profileId: string) => [...PROFILES_QUERY_KEY, 'profile', profileId, 'device'] as const,
  deviceWith: (profileId: string, filters: object) =>
    [...PROFILES_QUERY_KEY, 'profile', profileId, 'device', filters] as const,
  applications: (profileId: string, productType?: ProductType) =>
    [...PROFILES_QUERY_KEY, 'profile', profileId, 'applications', productType ?? 'cleaner'] as const,
};
