import { publicApi } from '@fleetdeck/contract';
import type { PageViewPage } from '@fleetdeck/contract/endpoints/public';
import { useEffect } from 'react';
import { client } from '@/shared/lib/api-client';

/**
 * Counts one view of `page` for the payment dashboard (DECISIONS §8 "Page views"): one call per page load, fire and
 * forget; a failure (offline, rate limit) is silent, it never bothers the visitor. The server counts a visitor once
 * per page per day, so a remount sending it again changes nothing.
 */
export function usePageView(page: PageViewPage): void {
  useEffect(() => {
    client(publicApi.pageView, { body: { page } }).catch(() => undefined);
  }, [page]);
}
