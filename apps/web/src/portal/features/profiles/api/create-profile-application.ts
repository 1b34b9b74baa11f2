import { profilesApi, type ProfileApplicationCreateRequest } from '@fleetdeck/contract';
import type { QueryClient } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { profileQueryKeys } from './query-keys';

/** `POST profile/application/create`: adds an app to an uninstall/clear list or the kiosk list. */
export const createProfileApplication = (body: ProfileApplicationCreateRequest) =>
  client(profilesApi.applicationCreate, { body });

/** A list entry changed: the lists and the profile detail (unapplied changes) are fetched again. */
export const invalidateApplications = (queryClient: QueryClient, profileId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: [...profileQueryKeys.profile(profileId), 'applications'] }),
    queryClient.invalidateQueries({ queryKey: profileQueryKeys.detail(profileId) }),
  ]);
