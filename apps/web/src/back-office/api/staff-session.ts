import { staffApi, type StaffChangePasswordRequest, type StaffLoginRequest } from '@fleetdeck/contract/staff';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { otpChallengeStore } from '@/shared/lib/otp-challenge';
import type { MutationConfig } from '@/shared/lib/query-client';

/** Staff sign-in and the staff member's own account (spec 3 §7 "Staff session"). */

const challenges = otpChallengeStore('staffOtpChallenge');

export const staffLogin = async (body: StaffLoginRequest) => {
  const answer = await client(staffApi.login, { body });
  challenges.remember(body.email, answer.challengeId);
  return answer;
};
export const useStaffLogin = (config: MutationConfig<typeof staffLogin> = {}) =>
  useMutation({ ...config, mutationFn: staffLogin });

/** Without a remembered challenge (another tab, storage refused) the server answers "log in again". */
export const staffVerifyOtp = (body: { email: string; otp: string }) =>
  client(staffApi.verifyOtp, { body: { ...body, challengeId: challenges.challengeFor(body.email) ?? '' } });
export const useStaffVerifyOtp = (config: MutationConfig<typeof staffVerifyOtp> = {}) =>
  useMutation({ ...config, mutationFn: staffVerifyOtp });

export const staffChangePassword = (body: StaffChangePasswordRequest) => client(staffApi.changePassword, { body });
export const useStaffChangePassword = (config: MutationConfig<typeof staffChangePassword> = {}) =>
  useMutation({ ...config, mutationFn: staffChangePassword });

export const staffLogout = () => client(staffApi.logout);
export const useStaffLogout = (config: MutationConfig<typeof staffLogout> = {}) =>
  useMutation({ ...config, mutationFn: staffLogout });

export const STAFF_DETAIL_KEY = ['staff', 'detail'] as const;
export const staffDetailQueryOptions = () =>
  queryOptions({ queryKey: STAFF_DETAIL_KEY, queryFn: async () => (await client(staffApi.detail)).data });
export const useStaffDetail = () => useQuery(staffDetailQueryOptions());
