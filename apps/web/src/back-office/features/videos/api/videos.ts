import { staffApi, type VideoCreateRequest } from '@fleetdeck/contract/staff';
import type { z } from 'zod/mini';
import { type contentPageQuerySchema } from '@fleetdeck/contract/staff';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';
import { useInvalidatingMutation } from '@/shared/lib/invalidating';

/** Videos (spec 3 "Videos"): `video/list`, `video/create`, `video/delete`. */
const VIDEOS_KEY = ['staff', 'videos'] as const;

export const useVideos = (search: z.output<typeof contentPageQuerySchema>) =>
  useQuery({
    queryKey: [...VIDEOS_KEY, search],
    queryFn: ({ signal }) =>
      client(staffApi.videoList, { query: search as z.input<typeof contentPageQuerySchema>, signal }),
    placeholderData: keepPreviousData,
  });

export const createVideo = (body: VideoCreateRequest) => client(staffApi.videoCreate, { body });
export const deleteVideo = (id: string) => client(staffApi.videoDelete, { query: { id } });

export const useCreateVideo = (config: MutationConfig<typeof createVideo> = {}) =>
  useInvalidatingMutation(VIDEOS_KEY, createVideo, config);
export const useDeleteVideo = (config: MutationConfig<typeof deleteVideo> = {}) =>
  useInvalidatingMutation(VIDEOS_KEY, deleteVideo, config);
