import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { MutationConfig } from '@/shared/lib/query-client';

/** One query key, or several (`[keyA, keyB]`): a list whose first item is itself a key. */
type Keys = QueryKey | readonly QueryKey[];
const keysOf = (keys: Keys): readonly QueryKey[] =>
  Array.isArray(keys[0]) ? (keys as readonly QueryKey[]) : [keys as QueryKey];

/**
 * A mutation that refetches the queries under `keys` (one key, or a list of keys) once it succeeded, then runs the
 * page's own onSuccess.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function useInvalidatingMutation<F extends (arg: any) => Promise<unknown>>(
  keys: Keys,
  fn: F,
  config: MutationConfig<F> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: fn as (arg: Parameters<F>[0]) => Promise<Awaited<ReturnType<F>>>,
    onSuccess: (...args) => {
      for (const queryKey of keysOf(keys)) void queryClient.invalidateQueries({ queryKey });
      return config.onSuccess?.(...args);
    },
  });
}
