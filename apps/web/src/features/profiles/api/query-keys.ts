import type { ProductType } from '@fleetdeck/contract';

/** Every profile query keys under 'profiles' (the dashboard's 'dashboard' and 'licences' are other features'). */
export const PROFILES_QUERY_KEY = ['profiles'] as const;

export const profileQueryKeys = {
  list: (params: object) => [...PROFILES_QUERY_KEY, 'list', params] as const,
  /** Everything of one profile: detail, device detail, its lists. */
  profile: (profileId: string) => [...PROFILES_QUERY_KEY, 'profile', profileId] as const,
  detail: (profileId: string) => [...PROFILES_QUERY_KEY, 'profile', profileId, 'detail'] as const,
  device: (profileId: string) => [...PROFILES_QUERY_KEY, 'profile', profileId, 'device'] as const,
  deviceWith: (profileId: string, filters: object) =>
    [...PROFILES_QUERY_KEY, 'profile', profileId, 'device', filters] as const,
  applications: (profileId: string, productType?: ProductType) =>
    [...PROFILES_QUERY_KEY, 'profile', profileId, 'applications', productType ?? 'cleaner'] as const,
  playStore: (term: string) => ['playstore', term] as const,
};
