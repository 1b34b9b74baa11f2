import type { ProfileDetail, ProfileDetailResponse } from '@fleetdeck/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { SettingsOp, SettingsRequests, SettingsTarget } from '@/portal/components/settings/target';
import { addBlockUrl } from './add-block-url';
import { addKeyMapper } from './add-key-mapper';
import { addProfileFile } from './add-profile-file';
import { createProfileApplication, invalidateApplications } from './create-profile-application';
import { deleteProfileApplication } from './delete-profile-application';
import { profileApplicationsQueryOptions } from './get-profile-applications';
import { updateProfileApplication } from './update-profile-application';
import { deleteBlockUrl } from './delete-block-url';
import { deleteKeyMapper } from './delete-key-mapper';
import { deleteProfileFile } from './delete-profile-file';
import { profileQueryKeys } from './query-keys';
import { updateKioskSettings } from './update-kiosk-settings';
import { updatePowerCleanerSettings } from './update-power-cleaner-settings';
import { updatePowerOnBootSettings } from './update-power-on-boot-settings';
import { updateProfile } from './update-profile';

type ListOp = 'addApplication' | 'updateApplication' | 'deleteApplication';

/** The profile call of each change a settings tab makes: each answers the updated profile detail. */
const CALLS: { [O in Exclude<SettingsOp, ListOp>]: (request: SettingsRequests[O]) => Promise<ProfileDetailResponse> } =
  {
    update: updateProfile,
    powerCleaner: updatePowerCleanerSettings,
    powerOnBoot: updatePowerOnBootSettings,
    kiosk: updateKioskSettings,
    addBlockUrl,
    deleteBlockUrl,
    addFile: addProfileFile,
    deleteFile: deleteProfileFile,
    addKeyMapper,
    deleteKeyMapper,
  };

/** The application lists' calls: each answers the list, which (with the detail's unapplied changes) is read again. */
const LIST_CALLS: { [O in ListOp]: (request: SettingsRequests[O]) => Promise<unknown> } = {
  addApplication: createProfileApplication,
  updateApplication: updateProfileApplication,
  deleteApplication: deleteProfileApplication,
};

const isListOp = (op: SettingsOp): op is ListOp => op in LIST_CALLS;

/**
 * A device's profile as the settings tabs' target: each change goes through its own profile call, whose answer (the
 * updated profile detail) replaces the cached one, so `hasUnappliedChanges` shows at once.
 */
export function useProfileTarget(profile: ProfileDetail): SettingsTarget {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      id: profile._id,
      settings: profile,
      save: async ({ op, request }) => {
        if (isListOp(op)) {
          const answer = await (LIST_CALLS[op] as (r: typeof request) => Promise<unknown>)(request);
          await invalidateApplications(queryClient, profile._id);
          return answer;
        }
        const call = CALLS[op] as (r: typeof request) => Promise<ProfileDetailResponse>;
        const answer = await call(request);
        queryClient.setQueryData<ProfileDetailResponse>(profileQueryKeys.detail(profile._id), answer);
        return answer;
      },
      applications: (productType) => profileApplicationsQueryOptions(profile._id, productType),
    }),
    [profile, queryClient],
  );
}
