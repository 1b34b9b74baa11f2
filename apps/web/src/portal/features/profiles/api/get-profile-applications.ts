import { profilesApi, type ProductType } from '@fleetdeck/contract';
import { queryOptions } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { profileQueryKeys } from './query-keys';

/**
 * `GET profile/applications?profileId&productType`: an uninstall/clear list. No productType: Power Cleaner's list;
 * 'Super Lock': Super Lock's Cleaner Apps; 'Kiosk': the Multi App kiosk list.
 */
export const getProfileApplications = (profileId: string, productType?: ProductType, signal?: AbortSignal) =>
  client(profilesApi.applications, { query: { profileId, productType }, signal });

export const profileApplicationsQueryOptions = (profileId: string, productType?: ProductType) =>
  queryOptions({
    queryKey: profileQueryKeys.applications(profileId, productType),
    queryFn: ({ signal }) => getProfileApplications(profileId, productType, signal),
    select: (answer) => answer.data,
    meta: { silentError: true },
  });
