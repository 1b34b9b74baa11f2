import { profilesApi } from '@fleetdeck/contract';
import { useMutation } from '@tanstack/react-query';
import type { MutationConfig } from '@/shared/lib/query-client';
import { client } from '@/shared/lib/api-client';

/** `GET profile/device/application/sync?profileId=`: asks the device for a fresh application inventory. */
export const syncDeviceApplications = (profileId: string) =>
  client(profilesApi.applicationSync, { query: { profileId } });

export const useSyncDeviceApplications = (config: MutationConfig<typeof syncDeviceApplications> = {}) =>
  useMutation({ ...config, mutationFn: syncDeviceApplications });
