import { usersApi, type VerifyOtpRequest } from '@fleetdeck/contract';
import { useMutation } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';

export const verifyOtp = (body: VerifyOtpRequest) => client(usersApi.verifyOtp, { body });

export const useVerifyOtp = (config: MutationConfig<typeof verifyOtp> = {}) =>
  useMutation({ ...config, mutationFn: verifyOtp });

const CHALLENGE_KEY = 'otpChallenge';

/**
 * The login answer's `challengeId`, kept for the code page of this tab only (not in the URL, so it never reaches a
 * log or the history): the code is then checked against this login attempt (issue 12, item 3).
 */
export function rememberChallenge(email: string, challengeId: string | undefined) {
  try {
    if (challengeId) sessionStorage.setItem(CHALLENGE_KEY, JSON.stringify({ email, challengeId }));
    else sessionStorage.removeItem(CHALLENGE_KEY);
  } catch {
    // Storage refused (private mode): the code is checked by email alone.
  }
}

export function challengeFor(email: string): string | undefined {
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
