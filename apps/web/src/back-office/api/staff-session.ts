import { staffApi, type StaffChangePasswordRequest, type StaffLoginRequest } from '@fleetdeck/contract/staff';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';

/** Staff sign-in and the staff member's own account (spec 3 §7 "Staff session"). */

const CHALLENGE_KEY = 'staffOtpChallenge';

/**
 * The login answer's `challengeId`, kept for this tab's code page only (never in the URL): the code is then checked
 * against this login attempt, so nobody else can use or burn it (issue 12, item 3).
 */
function rememberChallenge(email: string, challengeId: string | undefined) {
  try {
    if (challengeId) sessionStorage.setItem(CHALLENGE_KEY, JSON.stringify({ email, challengeId }));
    else sessionStorage.removeItem(CHALLENGE_KEY);
  } catch {
    // Storage refused: the code page then answers "log in again" (the staff realm requires the challenge).
  }
}

function challengeFor(email: string): string | undefined {
  try {
    const saved = JSON.parse(sessionStorage.getItem(CHALLENGE_KEY) ?? 'null') as {
      email?: string;
      challengeId?: string;
    } | null;
    return saved?.email === email ? saved.challengeId : undefined;
  } catch {
    return undefined;
  }
}

export const staffLogin = async (body: StaffLoginRequest) => {
  const answer = await client(staffApi.login, { body });
  rememberChallenge(body.email, answer.challengeId);
  return answer;
};
export const useStaffLogin = (config: MutationConfig<typeof staffLogin> = {}) =>
  useMutation({ ...config, mutationFn: staffLogin });

/** Without a remembered challenge (another tab, storage refused) the server answers "log in again". */
export const staffVerifyOtp = (body: { email: string; otp: string }) =>
  client(staffApi.verifyOtp, { body: { ...body, challengeId: challengeFor(body.email) ?? '' } });
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
