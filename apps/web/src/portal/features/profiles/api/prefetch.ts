import { profileIdSchema, profileListQuerySchema } from '@fleetdeck/contract';
import type { QueryClient } from '@tanstack/react-query';
import { readListSearch } from '@/shared/lib/list-search';
import { TAB_PARAM } from '@/portal/components/settings/url-tabs';
import { deviceDetailQueryOptions, FIRST_DEVICE_APPS_FILTERS } from './get-device-detail';
import { profileDetailQueryOptions } from './get-profile-detail';
import { profileListQueryOptions } from '@/portal/api/get-profile-list';

/*
 * The routes' `prefetch` of the device pages (portal-routes.tsx): on a first visit the data starts loading beside the
 * page's chunk, with the same query keys the pages use, so they render from it instead of asking once mounted.
 */

/** Devices (`/profiles`): the page of the list the URL names (`ProfilesPage`, `useListSearch(profileListQuerySchema)`). */
export function prefetchProfileList(queryClient: QueryClient, search: URLSearchParams) {
  void queryClient.prefetchQuery(profileListQueryOptions(readListSearch(profileListQuerySchema, search)));
}

/**
 * A device profile page (`?profile_id=`, `ProfileDetailShell`): the profile and, on pages whose first tab lists the
 * device's apps (`DeviceApplicationsTab`), that list as the tab first asks for it. A missing or malformed id: nothing
 * (the page says so without asking).
 */
export const prefetchProfilePage =
  ({ deviceAppsFirst }: { deviceAppsFirst: boolean }) =>
  (queryClient: QueryClient, search: URLSearchParams) => {
    const profileId = profileIdSchema.safeParse(search.get('profile_id') ?? '');
    if (!profileId.success) return;
    void queryClient.prefetchQuery(profileDetailQueryOptions(profileId.data));
    const tab = search.get(TAB_PARAM);
    if (deviceAppsFirst && (tab === null || tab === 'applications')) {
      void queryClient.prefetchQuery(deviceDetailQueryOptions(profileId.data, FIRST_DEVICE_APPS_FILTERS));
    }
  };
