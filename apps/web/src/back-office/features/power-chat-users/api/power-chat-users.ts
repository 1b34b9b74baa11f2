import { staffApi, type powerChatUserListQuerySchema } from '@fleetdeck/contract/staff';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { client } from '@/shared/lib/api-client';

/** Spec 3 "Power Chat users" across customers. */
export const usePowerChatUsers = (search: z.output<typeof powerChatUserListQuerySchema>) =>
  useQuery({
    queryKey: ['staff', 'power-chat-users', search],
    queryFn: ({ signal }) =>
      client(staffApi.powerChatUsers, {
        query: search as z.input<typeof powerChatUserListQuerySchema>,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
