import { usersApi } from '@fleetdeck/contract';
import { useMutation } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { clearToken } from '@/shared/lib/auth-storage';
import type { MutationConfig } from '@/shared/lib/query-client';

export const logout = () => client(usersApi.logout);

/** Ends the session on the server, ignoring any error, then forgets the token. */
export const logoutQuietly = async (): Promise<void> => {
  try {
    await logout();
  } catch {
    // Logout ignores errors (spec 1 §4): the token is dropped either way.
  } finally {
    clearToken();
  }
};

export const useLogout = (config: MutationConfig<typeof logoutQuietly> = {}) =>
  useMutation({ meta: { silentError: true, silentSuccess: true }, ...config, mutationFn: logoutQuietly });
