import { plansApi, type DownloadSdkResponse } from '@fleetdeck/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';

export type DownloadSdk = DownloadSdkResponse['data'];

/** `GET users/download/sdk?appName=PD` (spec 1 §7): per app, the APK link and the URL of its QR code PNG. */
export const getDownloadSdk = async (): Promise<DownloadSdk> =>
  (await client(plansApi.downloadSdk, { query: { appName: 'PD' } })).data;

export const downloadSdkQueryKey = ['users', 'download', 'sdk'] as const;

export const downloadSdkQueryOptions = () =>
  queryOptions({
    queryKey: downloadSdkQueryKey,
    queryFn: getDownloadSdk,
    staleTime: 10 * 60_000,
    // Shown inline with a retry button.
    meta: { silentError: true },
  });

export const useDownloadSdk = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...downloadSdkQueryOptions(), enabled: options.enabled ?? true });
