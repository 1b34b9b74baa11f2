import { publicApi, type ApkDownload, type Family } from '@fleetdeck/contract';
import { useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';

/**
 * `GET public/apk-downloads` (no session; DECISIONS §14): every family's APK link with the hosted file's version, size
 * and SHA-256. Selected down to one family's download (undefined while loading).
 */
export const useApkDownload = (family: Family) =>
  useQuery({
    queryKey: ['public', 'apk-downloads'],
    queryFn: ({ signal }) => client(publicApi.apkDownloads, { signal }),
    staleTime: 5 * 60_000,
    // The page shows the failure inline with a retry.
    meta: { silentError: true },
    select: (answer): ApkDownload | null => answer.data.find((d) => d.family === family) ?? null,
  });
