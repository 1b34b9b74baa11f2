import { devicesApi } from '@fleetdeck/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { fleetQueryKeys } from './query-keys';

export const DEVICE_CHOICES = 10;

/** `GET profile/list?search=`: the first devices matching what was typed, to take a template from one. */
export const getDeviceChoices = (search: string, signal?: AbortSignal) =>
  client(devicesApi.profileList, { query: { search: search || undefined, page: 1, limit: DEVICE_CHOICES }, signal });

export const useDeviceChoices = (search: string) =>
  useQuery({
    queryKey: fleetQueryKeys.deviceChoices(search),
    queryFn: ({ signal }) => getDeviceChoices(search, signal),
    select: (answer) => answer.data,
    placeholderData: keepPreviousData,
  });
