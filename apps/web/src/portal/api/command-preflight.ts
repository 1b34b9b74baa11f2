import { commandsApi, type CommandType } from '@fleetdeck/contract';
import { useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';

/**
 * The devices a command goes to: chosen ones (a device's page, the ticked rows of the device list) or every device of
 * a group (its page).
 */
export type CommandTarget = { profileIds: string[] } | { groupId: string };

/** `POST commands/preflight {type, profileIds | groupId}`: how many can run the type, and why the others cannot. */
export const getCommandPreflight = async (type: CommandType, target: CommandTarget, signal?: AbortSignal) =>
  (await client(commandsApi.commandPreflight, { body: { type, ...target }, signal })).data;

/**
 * Asked when a send dialog opens, its type changes or its params step shows again; a read, so a query. Its key is
 * outside `queryKeys.commands`: a send refreshes the commands, not the check it followed.
 */
export const useCommandPreflight = (type: CommandType | null, target: CommandTarget) =>
  useQuery({
    queryKey: ['command-preflight', type, target] as const,
    queryFn: ({ signal }) => getCommandPreflight(type!, target, signal),
    enabled: type !== null && ('groupId' in target || target.profileIds.length > 0),
    staleTime: 0,
    meta: { silentError: true },
  });
