import {
  staffApi,
  type StaffCreateRequest,
  type StaffUpdateRequest,
  type staffListQuerySchema,
} from '@fleetdeck/contract/staff';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';

/** SuperAdmin's staff accounts (DECISIONS §8). */
const STAFF_LIST_KEY = ['staff', 'accounts'] as const;

export const useStaffAccounts = (query: z.output<typeof staffListQuerySchema>) =>
  useQuery({
    queryKey: [...STAFF_LIST_KEY, query],
    queryFn: ({ signal }) => client(staffApi.staffList, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const createStaff = (body: StaffCreateRequest) => client(staffApi.staffCreate, { body });
export const updateStaff = (body: StaffUpdateRequest) => client(staffApi.staffUpdate, { body });

export const useCreateStaff = (config: MutationConfig<typeof createStaff> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: createStaff,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: STAFF_LIST_KEY });
      return config.onSuccess?.(...args);
    },
  });
};

export const useUpdateStaff = (config: MutationConfig<typeof updateStaff> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: updateStaff,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: STAFF_LIST_KEY });
      return config.onSuccess?.(...args);
    },
  });
};
