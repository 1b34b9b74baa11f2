import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { MutationConfig } from '@/shared/lib/query-client';

/** A mutation that refetches the lists under `key` once it succeeded (then runs the page's own onSuccess). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function useInvalidatingMutation<F extends (arg: any) => Promise<unknown>>(
  key: QueryKey,
  fn: F,
  config: MutationConfig<F> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: fn as (arg: Parameters<F>[0]) => Promise<Awaited<ReturnType<F>>>,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: key });
      return config.onSuccess?.(...args);
    },
  });
}
