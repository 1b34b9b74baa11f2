import { commandsApi, type CommandType } from '@fleetdeck/contract';
import { useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { queryKeys } from '@/portal/lib/query-keys';

/** The devices a command would go to: chosen ones (a device's page, the ticked rows of the device list). */
export interface CommandTarget {
  profileIds: string[];
}

/** `POST commands/preflight {type, profileIds}`: how many can run the type, and why the others cannot. */
export const getCommandPreflight = async (type: CommandType, { profileIds }: CommandTarget, signal?: AbortSignal) =>
  (await client(commandsApi.commandPreflight, { body: { type, profileIds }, signal })).data;

/** Asked when a send dialog opens or its type changes; a read, so a query (asked again after a minute). */
export const useCommandPreflight = (type: CommandType | null, target: CommandTarget) =>
  useQuery({
    queryKey: [...queryKeys.commands, 'preflight', type, target.profileIds] as const,
    queryFn: ({ signal }) => getCommandPreflight(type!, target, signal),
    enabled: type !== null && target.profileIds.length > 0,
    staleTime: 0,
    meta: { silentError: true },
  });
