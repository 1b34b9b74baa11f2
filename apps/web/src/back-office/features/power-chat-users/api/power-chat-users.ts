import { staffApi, type powerChatUserListQuerySchema } from '@fleetdeck/contract/staff';
import type { z } from 'zod/mini';
import { useStaffListQuery } from '@/back-office/api/staff-list-query';

/** Spec 3 "Power Chat users" across customers. */
export const usePowerChatUsers = (search: z.output<typeof powerChatUserListQuerySchema>) =>
  useStaffListQuery(['staff', 'power-chat-users'], staffApi.powerChatUsers, search);
