import type { Family } from '@fleetdeck/contract';
import { APK_UPLOAD_FIELDS, staffApi, type apkListQuerySchema } from '@fleetdeck/contract/staff';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';
import { uploadWithProgress } from '@/shared/lib/upload-file';
import { PRICES_KEY } from './price-list';

/** APK publishing (DECISIONS §14): `price/apk/list` and the multipart `price/apk/upload` with progress. */
const APKS_KEY = ['staff', 'apks'] as const;

export const useApkList = (query: z.output<typeof apkListQuerySchema>) =>
  useQuery({
    queryKey: [...APKS_KEY, 'list', query],
    queryFn: ({ signal }) => client(staffApi.apkList, { query: query as z.input<typeof apkListQuerySchema>, signal }),
    placeholderData: keepPreviousData,
  });

export interface ApkUpload {
  family: Family;
  file: File;
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

export const uploadApk = ({ family, file, onProgress, signal }: ApkUpload) => {
  const form = new FormData();
  // The family first: the server reads the parts as they stream.
  form.append(APK_UPLOAD_FIELDS.family, family);
  form.append(APK_UPLOAD_FIELDS.file, file, file.name);
  return uploadWithProgress(staffApi.apkUpload, form, { onProgress, signal });
};

/** After an upload the versions list and the prices (their `apkLink`) are read again. */
export const useUploadApk = (config: MutationConfig<typeof uploadApk> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: uploadApk,
    // The form shows the outcome itself: refusals at their field, success with the version read.
    meta: { silentError: true, silentSuccess: true },
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: APKS_KEY });
      void queryClient.invalidateQueries({ queryKey: PRICES_KEY });
      return config.onSuccess?.(...args);
    },
  });
};
