import type { ProfileDetail, ProfileDetailResponse } from '@fleetdeck/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { SettingsOp, SettingsRequests, SettingsTarget } from '@/portal/components/settings/target';
import { ProfileApplicationsList } from '../components/lazy-tabs';
import { addBlockUrl } from './add-block-url';
import { addKeyMapper } from './add-key-mapper';
import { addProfileFile } from './add-profile-file';
import { deleteBlockUrl } from './delete-block-url';
import { deleteKeyMapper } from './delete-key-mapper';
import { deleteProfileFile } from './delete-profile-file';
import { profileQueryKeys } from './query-keys';
import { updateKioskSettings } from './update-kiosk-settings';
import { updatePowerCleanerSettings } from './update-power-cleaner-settings';
import { updatePowerOnBootSettings } from './update-power-on-boot-settings';
import { updateProfile } from './update-profile';

/** The profile call of each change a settings tab makes. */
const CALLS: { [O in SettingsOp]: (request: SettingsRequests[O]) => Promise<ProfileDetailResponse> } = {
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
        const call = CALLS[op] as (r: typeof request) => Promise<ProfileDetailResponse>;
        const answer = await call(request);
        queryClient.setQueryData<ProfileDetailResponse>(profileQueryKeys.detail(profile._id), answer);
        return answer;
      },
      ApplicationsList: ProfileApplicationsList,
    }),
    [profile, queryClient],
  );
}
