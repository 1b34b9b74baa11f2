import { queryKeys } from '@/portal/lib/query-keys';

/** The Commands pages' own keys, on the app's prefix (`queryKeys.commands`, which a send refreshes). */
export const commandQueryKeys = {
  detail: (id: string) => [...queryKeys.commands, 'detail', id] as const,
  devices: (id: string, params: object) => [...queryKeys.commands, 'detail', id, 'devices', params] as const,
};
