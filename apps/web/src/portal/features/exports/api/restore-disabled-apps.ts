import { activityApi, type RestoreDisabledAppsRequest } from '@fleetdeck/contract';
import { useMutation } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';

/**
 * `POST device/restore/pdDisabledApp`: the export's apps are marked to be disabled on the target profile's
 * device; they reach the device when Apply is pressed on that profile.
 */
export const restoreDisabledApps = (body: RestoreDisabledAppsRequest) =>
  client(activityApi.restoreDisabledApps, { body });

export const useRestoreDisabledApps = (config: MutationConfig<typeof restoreDisabledApps> = {}) =>
  useMutation({ ...config, mutationFn: restoreDisabledApps });
