import { profilesApi, type DeviceApplicationUpdateRequest, type DeviceDetail } from '@fleetdeck/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationConfig } from '@/shared/lib/query-client';
import { client } from '@/shared/lib/api-client';
import { profileQueryKeys } from './query-keys';

/**
 * `POST profile/device/application/update {profileId, packageName, app_disable}`: the console's choice for one app;
 * the device gets it on the next Apply.
 */
export const updateDeviceApplication = (body: DeviceApplicationUpdateRequest) =>
  client(profilesApi.deviceApplicationUpdate, { body });

type DeviceAnswer = { respones_msg: string; data: DeviceDetail };

/** Key of the app switches' calls: the table reads which of its switches are in flight. */
export const DEVICE_APPLICATION_UPDATE_KEY = ['profiles', 'device-application-update'] as const;

export const useUpdateDeviceApplication = ({
  onSettled,
  ...config
}: MutationConfig<typeof updateDeviceApplication> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationKey: DEVICE_APPLICATION_UPDATE_KEY,
    mutationFn: updateDeviceApplication,
    onMutate: async ({ profileId, packageName, app_disable }) => {
      // Show the choice at once as pending (desired_disable); the refetch after the call confirms it.
      const key = profileQueryKeys.device(profileId);
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueriesData<DeviceAnswer>({ queryKey: key }, (old) =>
        old
          ? {
              ...old,
              data: {
                ...old.data,
                applications: old.data.applications.map((a) =>
                  a.package_name === packageName ? { ...a, desired_disable: app_disable } : a,
                ),
              },
            }
          : old,
      );
    },
    onSettled: async (data, error, variables, ...rest) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileQueryKeys.device(variables.profileId) }),
        queryClient.invalidateQueries({ queryKey: profileQueryKeys.detail(variables.profileId) }),
      ]);
      await onSettled?.(data, error, variables, ...rest);
    },
  });
};
