import { applicationSyncResponseSchema } from '@fleetdeck/contract';
import { useMutation } from '@tanstack/react-query';
import type { MutationConfig } from '@/lib/query-client';
import { apiRequest } from '@/lib/api-client';
import { PROFILE_API } from './profile-request';

/** `GET profile/device/application/sync?profileId=`: asks the device for a fresh application inventory. */
export const syncDeviceApplications = (profileId: string) =>
  apiRequest(`${PROFILE_API}/device/application/sync`, {
    schema: applicationSyncResponseSchema,
    query: { profileId },
  });

export const useSyncDeviceApplications = (config: MutationConfig<typeof syncDeviceApplications> = {}) =>
  useMutation({ ...config, mutationFn: syncDeviceApplications });
