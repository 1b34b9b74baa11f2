import { staffApi } from '@fleetdeck/contract/staff';
import { useMutation } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';

/** Login-as (DECISIONS §8): a customer token for a 60-minute staff session in the customer's console. */
export const loginAs = (email: string) => client(staffApi.bypassLogin, { body: { email } });

export const useLoginAs = (config: MutationConfig<typeof loginAs> = {}) =>
  useMutation({ ...config, mutationFn: loginAs, meta: { silentSuccess: true, ...config.meta } });
