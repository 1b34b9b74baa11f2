import { staffApi, type StaffChangePasswordRequest, type StaffLoginRequest } from '@fleetdeck/contract/staff';
import { useMutation, useQuery } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

/** Staff sign-in and the staff member's own account (spec 3 §7 "Staff session"). */

export const staffLogin = (body: StaffLoginRequest) => client(staffApi.login, { body });
export const useStaffLogin = (config: MutationConfig<typeof staffLogin> = {}) =>
  useMutation({ ...config, mutationFn: staffLogin });

export const staffVerifyOtp = (body: { email: string; otp: string }) => client(staffApi.verifyOtp, { body });
export const useStaffVerifyOtp = (config: MutationConfig<typeof staffVerifyOtp> = {}) =>
  useMutation({ ...config, mutationFn: staffVerifyOtp });

export const staffChangePassword = (body: StaffChangePasswordRequest) => client(staffApi.changePassword, { body });
export const useStaffChangePassword = (config: MutationConfig<typeof staffChangePassword> = {}) =>
  useMutation({ ...config, mutationFn: staffChangePassword });

export const staffLogout = () => client(staffApi.logout);
export const useStaffLogout = (config: MutationConfig<typeof staffLogout> = {}) =>
  useMutation({ ...config, mutationFn: staffLogout });

export const STAFF_DETAIL_KEY = ['staff', 'detail'] as const;
export const useStaffDetail = () =>
  useQuery({ queryKey: STAFF_DETAIL_KEY, queryFn: async () => (await client(staffApi.detail)).data });
