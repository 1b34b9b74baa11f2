import { usersApi, type VerifyOtpRequest } from '@fleetdeck/contract';
import { useMutation } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { otpChallengeStore } from '@/shared/lib/otp-challenge';
import type { MutationConfig } from '@/shared/lib/query-client';

export const verifyOtp = (body: VerifyOtpRequest) => client(usersApi.verifyOtp, { body });

export const useVerifyOtp = (config: MutationConfig<typeof verifyOtp> = {}) =>
  useMutation({ ...config, mutationFn: verifyOtp });

const challenges = otpChallengeStore('otpChallenge');
/** Kept by the login form from its answer, read back by the code page of the same tab. */
export const rememberChallenge = challenges.remember;
export const challengeFor = challenges.challengeFor;
